/**
 * Every mail's shape: a text part and a simple HTML part made from the same few pieces (a
 * greeting, paragraphs, facts, one link to the page where the detail is, the footer). No images,
 * no tracking, no remote styles: a few KB. The frame's words are in the mail's language (issue 31).
 */
import { escapeHtml } from "../render/html";
import type { Lang } from "../domain/i18n";
import { translator, type T } from "../i18n/catalog";

export type MailContent = {
  /** The reader's language: the template wrote the rest in it, the frame follows (English if left out). */
  lang?: Lang;
  subject: string;
  greeting: string;
  paragraphs: string[];
  /** Label and value lines, e.g. ["When", "Monday 30 March 2026, 11:30 …"]. */
  /** Label and value; a value is a link only when marked so (a meet link), never because it looks like one (a reason typed by a person, issue 44). */
  facts?: [label: string, value: string, link?: "link"][];
  /** The page where the detail is: its label and its path on the site. */
  action: { label: string; path: string };
};

export type Rendered = { subject: string; text: string; html: string };

export type Frame = { siteUrl: string; support: { email: string; phone?: string }; unsubscribeUrl?: string };

/** Stands for the link inside a message until the message is escaped (no character of it is escaped). */
const LINK = "\u0001link\u0001";

export function renderMail(content: MailContent, frame: Frame): Rendered {
  const t = translator(content.lang ?? "en");
  const link = frame.siteUrl + content.action.path;
  const facts = content.facts ?? [];
  const footer = [
    frame.support.phone === undefined
      ? t("mail.footer.questionsByMail", { email: frame.support.email })
      : t("mail.footer.questions", { email: frame.support.email, phone: frame.support.phone }),
    ...(frame.unsubscribeUrl ? [t("mail.footer.unsubscribe", { url: frame.unsubscribeUrl })] : [t("mail.footer.account")]),
  ];
  const text = [
    content.greeting,
    "",
    ...content.paragraphs.flatMap((p) => [p, ""]),
    ...(facts.length ? [...facts.map(([label, value]) => `${label}: ${value}`), ""] : []),
    `${content.action.label}: ${link}`,
    "",
    "-- ",
    "Carebook",
    ...footer,
    "",
  ].join("\n");
  const p = (inner: string) => `<p style="margin:0 0 16px">${inner}</p>`;
  const html = [
    `<!doctype html><html lang="${t.lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(content.subject)}</title></head>`,
    `<body style="margin:0;padding:24px;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;font-size:16px;line-height:1.5;color:#1f2933;background:#ffffff">`,
    `<div style="max-width:560px;margin:0 auto">`,
    p(escapeHtml(content.greeting)),
    ...content.paragraphs.map((x) => p(escapeHtml(x))),
    facts.length
      ? `<table role="presentation" style="border-collapse:collapse;margin:0 0 16px">${facts
          .map(([label, value, link]) => `<tr><th scope="row" style="text-align:left;padding:2px 12px 2px 0;vertical-align:top">${escapeHtml(label)}</th><td style="padding:2px 0">${link ? linkTo(value) : escapeHtml(value)}</td></tr>`)
          .join("")}</table>`
      : "",
    p(`<a href="${escapeHtml(link)}" style="color:#0b5cad;font-weight:600">${escapeHtml(content.action.label)}</a>`),
    `<hr style="border:0;border-top:1px solid #d5dbe1;margin:24px 0 12px">`,
    `<p style="margin:0 0 8px;font-size:13px;color:#52606d">Carebook. ${escapeHtml(footer[0]!)}</p>`,
    frame.unsubscribeUrl
      ? `<p style="margin:0;font-size:13px;color:#52606d">${unsubscribeHtml(t, frame.unsubscribeUrl)}</p>`
      : `<p style="margin:0;font-size:13px;color:#52606d">${escapeHtml(footer[1]!)}</p>`,
    `</div></body></html>`,
  ].join("\n");
  return { subject: content.subject, text, html };
}

/** The HTML footer's unsubscribe line: the message escaped, with the link in it. */
function unsubscribeHtml(t: T, url: string): string {
  const anchor = `<a href="${escapeHtml(url)}" style="color:#0b5cad">${escapeHtml(t("mail.footer.stopLink"))}</a>`;
  return escapeHtml(t("mail.footer.unsubscribeHtml", { link: LINK })).replace(LINK, () => anchor);
}

/** A fact marked as a link (the meet link the server made): a link when it is a web address, else text. */
function linkTo(value: string): string {
  return /^https?:\/\/\S+$/.test(value) ? `<a href="${escapeHtml(value)}" style="color:#0b5cad">${escapeHtml(value)}</a>` : escapeHtml(value);
}
