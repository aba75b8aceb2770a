/** Issue 39 items 4 and 7 with script: see tests/e2e/support/notice.ts. */
import { noticeJourneys } from "./support/notice";

noticeJourneys(true);
