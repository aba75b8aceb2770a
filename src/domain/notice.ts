/**
 * The id of the element that shows the result of a post, a notice or a refusal: the fragment a
 * form's redirect points at (src/http/forms.ts), the element a page focuses as it loads
 * (src/render/Document.tsx) and a live island focuses when it has a new result
 * (islands/lib/ui.tsx). One per page: a page shows either a notice or a refused form (issue 39).
 */
export const NOTICE_ID = "notice";
