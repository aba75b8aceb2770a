import { expect, test } from "bun:test";
import { islandHtml } from "./island-cache";

// The props go in a data block before the root: the same JSON once parsed, and nothing in them
// can end the element or start markup.
test("an island's props are a JSON data block right before its root, with every '<' escaped", () => {
  const value = { text: `a "quoted" </script><b>tag</b> <!-- & 'apostrophe'`, n: 1 };
  const html = islandHtml("PatientMeetings", JSON.stringify(value), () => "<p>inner</p>");
  const match = html.match(/^<script type="application\/json">(.*)<\/script><div data-island="PatientMeetings"><p>inner<\/p><\/div>$/s);
  expect(match).not.toBeNull();
  expect(match![1]).not.toContain("<");
  expect(JSON.parse(match![1]!)).toEqual(value);
});

test("the same island and props are rendered once; other props render again", () => {
  let renders = 0;
  const render = () => `<p>${++renders}</p>`;
  const first = islandHtml("LogoutButton", '{"role":"x-test"}', render);
  expect(islandHtml("LogoutButton", '{"role":"x-test"}', render)).toBe(first);
  expect(islandHtml("LogoutButton", '{"role":"y-test"}', render)).not.toBe(first);
  expect(renders).toBe(2);
});
