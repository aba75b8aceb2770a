/**
 * The catalogs, one per language, each the union of its areas' files (src/i18n/en/*.ts and
 * src/i18n/hi/*.ts, the same names). English is the source: every Hindi area file must have
 * exactly its English file's keys, or the typecheck fails (`satisfies` in each file), and
 * catalog.test.ts checks the same at run time, with every pattern parsed.
 */
import { formatMessage, LANGS, type Lang, type Translate, type Values } from "../domain/i18n";
import type { IslandName } from "../../islands/names";
import enAccount from "./en/account";
import enAdmin from "./en/admin";
import enAuth from "./en/auth";
import enCalendar from "./en/calendar";
import enCommon from "./en/common";
import enConsent from "./en/consent";
import enDemo from "./en/demo";
import enDoctor from "./en/doctor";
import enErasure from "./en/erasure";
import enFamily from "./en/family";
import enForms from "./en/forms";
import enMail from "./en/mail";
import enPatient from "./en/patient";
import enPublic from "./en/public";
import enStates from "./en/states";
import enDirectory from "./en/directory";
import enRecords from "./en/records";
import enDocuments from "./en/documents";
import enStats from "./en/stats";
import enPhone from "./en/phone";
import hiAccount from "./hi/account";
import hiAdmin from "./hi/admin";
import hiAuth from "./hi/auth";
import hiCalendar from "./hi/calendar";
import hiCommon from "./hi/common";
import hiConsent from "./hi/consent";
import hiDemo from "./hi/demo";
import hiDoctor from "./hi/doctor";
import hiErasure from "./hi/erasure";
import hiFamily from "./hi/family";
import hiForms from "./hi/forms";
import hiMail from "./hi/mail";
import hiPatient from "./hi/patient";
import hiPublic from "./hi/public";
import hiStates from "./hi/states";
import hiDirectory from "./hi/directory";
import hiPhone from "./hi/phone";
import enPlaces from "./en/places";
import hiPlaces from "./hi/places";
import enDay from "./en/day";
import hiDay from "./hi/day";
import hiRecords from "./hi/records";
import hiDocuments from "./hi/documents";
import hiStats from "./hi/stats";

const en = { ...enCommon, ...enPublic, ...enAuth, ...enPatient, ...enDoctor, ...enAdmin, ...enAccount, ...enForms, ...enMail, ...enCalendar, ...enDemo, ...enStates, ...enFamily, ...enErasure, ...enConsent, ...enDirectory, ...enRecords, ...enDocuments, ...enStats, ...enPlaces, ...enPhone, ...enDay };

/** Every message's key. */
export type Key = keyof typeof en;
export type Catalog = Readonly<Record<Key, string>>;

const hi: Catalog = { ...hiCommon, ...hiPublic, ...hiAuth, ...hiPatient, ...hiDoctor, ...hiAdmin, ...hiAccount, ...hiForms, ...hiMail, ...hiCalendar, ...hiDemo, ...hiStates, ...hiFamily, ...hiErasure, ...hiConsent, ...hiDirectory, ...hiRecords, ...hiDocuments, ...hiStats, ...hiPlaces, ...hiPhone, ...hiDay };

export const CATALOGS: Readonly<Record<Lang, Catalog>> = { en, hi };

/** The area files of each language, for the check that they agree (catalog.test.ts). */
export const AREAS = {
  en: { common: enCommon, public: enPublic, auth: enAuth, patient: enPatient, doctor: enDoctor, admin: enAdmin, account: enAccount, forms: enForms, mail: enMail, calendar: enCalendar, demo: enDemo, states: enStates, family: enFamily, erasure: enErasure, consent: enConsent, directory: enDirectory, records: enRecords, documents: enDocuments, stats: enStats, places: enPlaces, phone: enPhone, day: enDay },
  hi: { common: hiCommon, public: hiPublic, auth: hiAuth, patient: hiPatient, doctor: hiDoctor, admin: hiAdmin, account: hiAccount, forms: hiForms, mail: hiMail, calendar: hiCalendar, demo: hiDemo, states: hiStates, family: hiFamily, erasure: hiErasure, consent: hiConsent, directory: hiDirectory, records: hiRecords, documents: hiDocuments, stats: hiStats, places: hiPlaces, phone: hiPhone, day: hiDay },
} as const;

/** The server's `t`: a message of `lang` by key, with values filled in. */
export type T = Translate<Key> & { lang: Lang };

const translators = new Map<Lang, T>();

/** The translator of `lang` (one per language, made once). */
export function translator(lang: Lang): T {
  let t = translators.get(lang);
  if (t === undefined) {
    const catalog = CATALOGS[lang];
    t = Object.assign((key: Key, values?: Values) => formatMessage(catalog[key] ?? en[key] ?? key, values, lang), { lang });
    translators.set(lang, t);
  }
  return t;
}

/**
 * A specialization's name in Hindi: what a search matches besides the English name (the value
 * itself), so a search finds a specialization typed in either language (issue 41).
 */
export const hindiSpecialization = (name: string): string => translator("hi")(`spec.${name}` as Key);

/**
 * Which keys each island carries, besides its own (`<IslandName>.*`): the prefixes of the shared
 * parts it renders (islands/lib). An island's messages file (src/build/client-build.ts) holds
 * only these, so a live island fetches only its own messages (at most 1 KB brotli an island,
 * catalog.test.ts).
 */
export const ISLAND_SHARED: Readonly<Record<IslandName, readonly string[]>> = {
  ThemeToggle: ["theme."],
  AuthForm: ["status.pending", "status.approved", "status.rejected", "status.blocked", "msg.auth.", "msg.status.", "msg.rule.email"],
  SpecializationSearch: ["spec."],
  BookingForm: ["msg.booking.", "msg.doctor.", "msg.session.", "msg.family.notFound"],
  SlotPicker: [],
  PatientMeetings: ["state.", "act.cancel", "act.withdraw", "reason.", "story.", "patientStory.", "preferred.", "msg.meeting.", "msg.patient.", "msg.session."],
  PendingAppointments: ["state.requested", "act.decline", "reason.visit", "slots.", "undo.", "msg.meeting.", "msg.schedule.", "msg.session."],
  DoctorMeetings: ["state.", "act.cancel", "act.move", "reason.", "story.", "reschedule.", "undo.", "status.pending", "status.confirmed", "status.cancelled", "status.completed", "msg.meeting.", "msg.session."],
  ProfileForm: ["spec.", "status.", "msg.profile.", "msg.session."],
  AdminTable: ["status.", "msg.admin."],
};

const islandMessages = new Map<string, string>();

/** An island's messages in `lang`, as the JSON its props carry (made once per island and language). */
export function islandMessagesJson(name: IslandName, lang: Lang): string {
  const id = `${name}:${lang}`;
  let json = islandMessages.get(id);
  if (json === undefined) {
    const prefixes = [`${name}.`, ...ISLAND_SHARED[name]];
    const catalog = CATALOGS[lang];
    const picked: Record<string, string> = {};
    for (const key of Object.keys(catalog) as Key[]) if (prefixes.some((p) => key.startsWith(p))) picked[key] = catalog[key];
    json = JSON.stringify(picked);
    islandMessages.set(id, json);
  }
  return json;
}

export { LANGS };
