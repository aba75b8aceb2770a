import { expect, test } from "bun:test";
import { raw } from "hono/html";
import { islandHtml } from "./island-cache";

// The kept marker must be byte for byte what the JSX wrote before it was kept.
test("an island's kept HTML is what Hono JSX writes for its marker, escaped props included", () => {
  const props = JSON.stringify({ text: `a "quoted" <b>tag</b> & 'apostrophe'`, n: 1 });
  const jsx = (
    <div data-island="PatientMeetings" data-props={props}>
      {raw("<p>inner</p>")}
    </div>
  ).toString();
  expect(islandHtml("PatientMeetings", props, () => "<p>inner</p>")).toBe(jsx as string);
});

test("the same island and props are rendered once; other props render again", () => {
  let renders = 0;
  const render = () => `<p>${++renders}</p>`;
  const first = islandHtml("LogoutButton", '{"role":"x-test"}', render);
  expect(islandHtml("LogoutButton", '{"role":"x-test"}', render)).toBe(first);
  expect(islandHtml("LogoutButton", '{"role":"y-test"}', render)).not.toBe(first);
  expect(renders).toBe(2);
});
