/**
 * The words people use for what troubles them, mapped to the specialization that treats it
 * (issue 39): a patient types "skin", "दिल" or "बच्चा", not "Dermatologist". One curated table in
 * both languages; the patient dashboard's search (the island as you type, the server's GET form
 * without script) matches through `findSpecializations`, and nothing else keeps a second list.
 */
import type { Specialization } from "./fields";

type Words = { en: readonly string[]; hi: readonly string[] };

/** Everyday words per specialization, lower case; Hindi in Devanagari. */
export const EVERYDAY_WORDS: Readonly<Record<Specialization, Words>> = {
  Cardiologist: {
    en: ["heart", "chest pain", "blood pressure", "bp", "palpitations", "cholesterol", "heartbeat"],
    hi: ["दिल", "हृदय", "सीने में दर्द", "ब्लड प्रेशर", "रक्तचाप", "धड़कन"],
  },
  Neurologist: {
    en: ["brain", "headache", "migraine", "nerves", "seizure", "fits", "stroke", "numbness", "dizziness"],
    hi: ["दिमाग", "सिरदर्द", "सिर दर्द", "माइग्रेन", "नसें", "मिर्गी", "लकवा", "चक्कर"],
  },
  Dermatologist: {
    en: ["skin", "rash", "acne", "pimples", "hair loss", "eczema", "itching", "allergy"],
    hi: ["त्वचा", "चमड़ी", "दाने", "मुँहासे", "खुजली", "बाल झड़ना", "एलर्जी"],
  },
  Pediatrician: {
    en: ["child", "children", "kid", "kids", "baby", "infant", "newborn", "vaccination"],
    hi: ["बच्चा", "बच्चे", "बच्ची", "शिशु", "नवजात", "टीका", "टीकाकरण"],
  },
  "Orthopedic Surgeon": {
    en: ["bones", "bone", "joints", "joint pain", "fracture", "knee", "back pain", "spine", "shoulder"],
    hi: ["हड्डी", "हड्डियाँ", "जोड़ों का दर्द", "घुटना", "घुटने", "कमर दर्द", "फ्रैक्चर", "रीढ़"],
  },
  Psychiatrist: {
    en: ["mental health", "depression", "anxiety", "stress", "sleep", "insomnia", "mood", "panic"],
    hi: ["मानसिक", "तनाव", "चिंता", "डिप्रेशन", "उदासी", "नींद", "घबराहट"],
  },
  Oncologist: {
    en: ["cancer", "tumour", "tumor", "lump", "chemotherapy", "chemo"],
    hi: ["कैंसर", "ट्यूमर", "गाँठ", "कीमोथेरेपी"],
  },
  Endocrinologist: {
    en: ["diabetes", "sugar", "thyroid", "hormones", "insulin", "weight gain"],
    hi: ["मधुमेह", "शुगर", "डायबिटीज़", "थायरॉइड", "हार्मोन", "इंसुलिन"],
  },
  Gynecologist: {
    en: ["pregnancy", "pregnant", "periods", "menstruation", "women's health", "menopause"],
    hi: ["गर्भ", "गर्भावस्था", "माहवारी", "पीरियड्स", "मासिक धर्म", "प्रसव"],
  },
  Gastroenterologist: {
    en: ["stomach", "digestion", "acidity", "liver", "constipation", "diarrhoea", "diarrhea", "gas"],
    hi: ["पेट", "पाचन", "एसिडिटी", "लिवर", "जिगर", "कब्ज़", "दस्त", "गैस"],
  },
  Nephrologist: {
    en: ["kidney", "kidneys", "dialysis", "kidney failure"],
    hi: ["गुर्दा", "गुर्दे", "किडनी", "डायलिसिस"],
  },
  Pulmonologist: {
    en: ["lungs", "lung", "breathing", "breathlessness", "asthma", "cough", "tb"],
    hi: ["फेफड़े", "साँस", "सांस फूलना", "दमा", "खाँसी", "टीबी"],
  },
  Ophthalmologist: {
    en: ["eyes", "eye", "vision", "glasses", "cataract", "blurred vision"],
    hi: ["आँख", "आँखें", "नज़र", "चश्मा", "मोतियाबिंद", "धुंधला दिखना"],
  },
  "ENT Specialist": {
    en: ["ear", "ears", "nose", "throat", "hearing", "sinus", "tonsils"],
    hi: ["कान", "नाक", "गला", "गले में दर्द", "सुनाई", "साइनस", "टॉन्सिल"],
  },
  Urologist: {
    en: ["bladder", "urine", "urinary", "prostate", "kidney stones"],
    hi: ["पेशाब", "मूत्र", "प्रोस्टेट", "पथरी"],
  },
  "General Physician": {
    en: ["fever", "cold", "flu", "checkup", "check-up", "general", "family doctor", "body pain", "weakness"],
    hi: ["बुखार", "सर्दी", "जुकाम", "ज़ुकाम", "जाँच", "सामान्य", "कमज़ोरी", "बदन दर्द"],
  },
};

/**
 * A word as the search compares it: lower case, one space between words, and Devanagari's
 * optional marks folded (nukta dropped, candrabindu as anusvara), so "आंख" finds "आँख" and
 * "कब्ज" finds "कब्ज़".
 */
export function searchForm(text: string): string {
  return text
    .normalize("NFC")
    .normalize("NFD")
    .replace(/\u093C/g, "")
    .replace(/\u0901/g, "\u0902")
    .normalize("NFC")
    .toLowerCase()
    .replace(/\s+/g, " ")
    .trim();
}

const FOLDED = (Object.entries(EVERYDAY_WORDS) as [Specialization, Words][]).map(
  ([name, words]) => [name, [...words.en, ...words.hi].map(searchForm)] as const,
);

/** Whether `word` (folded) is met by `query` (folded): the word begins with what was typed, or the query names the word among others ("pain in my knee"). */
function meets(word: string, query: string): boolean {
  if (word.startsWith(query)) return query.length >= 2 || word === query;
  return ` ${query} `.includes(` ${word} `);
}

/**
 * The specializations a search for `query` finds, in the table's order: by their English name,
 * by `label` (the page language's name), or by an everyday word of either language.
 */
export function findSpecializations<S extends string>(specializations: readonly S[], query: string, label: (name: S) => string = (n) => n): S[] {
  const q = searchForm(query);
  if (q === "") return [...specializations];
  const byWords = new Set(FOLDED.filter(([, words]) => words.some((w) => meets(w, q))).map(([name]) => name as string));
  return specializations.filter((s) => byWords.has(s) || searchForm(s).includes(q) || searchForm(label(s)).includes(q));
}

/** Whether a doctor's `name` answers `query`: a word of the name begins with it ("neha", "dr. neha s"). */
export function nameMatches(name: string, query: string): boolean {
  const q = nameQuery(query);
  if (q === undefined) return false;
  const n = searchForm(name).replace(/^dr\.?\s*/, "");
  return n.startsWith(q) || n.includes(` ${q}`);
}

/** What a name is searched for by `query` (folded, without a leading "dr."), or undefined when it is too short to search names by (src/db/queries/directory-search.ts matches it in SQL). */
export function nameQuery(query: string): string | undefined {
  const q = searchForm(query).replace(/^dr\.?\s*/, "");
  return q.length < 2 ? undefined : q;
}
