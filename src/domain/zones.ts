/**
 * The common time zones named for people ("India Standard Time (Kolkata)"), for the profile's
 * select and the labels of times typed in a zone. Apart from ./time.ts so that a bundle which only
 * formats times leaves the list out.
 */
import { keptIn } from "./bounded";
import type { Lang } from "./i18n";
import { isTimeZone } from "./time";

/** The common zones a person picks from, named for people; India's first (issue 52), then UTC, then west to east. */
export const COMMON_ZONES: readonly { zone: string; label: string }[] = [
  { zone: "Asia/Kolkata", label: "India Standard Time (Kolkata)" },
  { zone: "UTC", label: "Coordinated Universal Time (UTC)" },
  { zone: "Pacific/Honolulu", label: "Hawaii Time (Honolulu)" },
  { zone: "America/Anchorage", label: "Alaska Time (Anchorage)" },
  { zone: "America/Los_Angeles", label: "Pacific Time (Los Angeles)" },
  { zone: "America/Phoenix", label: "Mountain Standard Time (Phoenix)" },
  { zone: "America/Denver", label: "Mountain Time (Denver)" },
  { zone: "America/Chicago", label: "Central Time (Chicago)" },
  { zone: "America/Mexico_City", label: "Central Time (Mexico City)" },
  { zone: "America/New_York", label: "Eastern Time (New York)" },
  { zone: "America/Toronto", label: "Eastern Time (Toronto)" },
  { zone: "America/Bogota", label: "Colombia Time (Bogotá)" },
  { zone: "America/Sao_Paulo", label: "Brasília Time (São Paulo)" },
  { zone: "America/Argentina/Buenos_Aires", label: "Argentina Time (Buenos Aires)" },
  { zone: "Europe/London", label: "UK Time (London)" },
  { zone: "Europe/Dublin", label: "Irish Time (Dublin)" },
  { zone: "Europe/Lisbon", label: "Western European Time (Lisbon)" },
  { zone: "Africa/Lagos", label: "West Africa Time (Lagos)" },
  { zone: "Europe/Paris", label: "Central European Time (Paris)" },
  { zone: "Europe/Berlin", label: "Central European Time (Berlin)" },
  { zone: "Europe/Madrid", label: "Central European Time (Madrid)" },
  { zone: "Europe/Rome", label: "Central European Time (Rome)" },
  { zone: "Europe/Warsaw", label: "Central European Time (Warsaw)" },
  { zone: "Africa/Cairo", label: "Eastern European Time (Cairo)" },
  { zone: "Africa/Johannesburg", label: "South Africa Standard Time (Johannesburg)" },
  { zone: "Europe/Athens", label: "Eastern European Time (Athens)" },
  { zone: "Europe/Kyiv", label: "Eastern European Time (Kyiv)" },
  { zone: "Europe/Istanbul", label: "Turkey Time (Istanbul)" },
  { zone: "Europe/Moscow", label: "Moscow Time (Moscow)" },
  { zone: "Africa/Nairobi", label: "East Africa Time (Nairobi)" },
  { zone: "Asia/Riyadh", label: "Arabia Standard Time (Riyadh)" },
  { zone: "Asia/Tehran", label: "Iran Time (Tehran)" },
  { zone: "Asia/Dubai", label: "Gulf Standard Time (Dubai)" },
  { zone: "Asia/Karachi", label: "Pakistan Standard Time (Karachi)" },
  { zone: "Asia/Kathmandu", label: "Nepal Time (Kathmandu)" },
  { zone: "Asia/Dhaka", label: "Bangladesh Standard Time (Dhaka)" },
  { zone: "Asia/Bangkok", label: "Indochina Time (Bangkok)" },
  { zone: "Asia/Jakarta", label: "Western Indonesia Time (Jakarta)" },
  { zone: "Asia/Singapore", label: "Singapore Standard Time (Singapore)" },
  { zone: "Asia/Shanghai", label: "China Standard Time (Shanghai)" },
  { zone: "Asia/Hong_Kong", label: "Hong Kong Time (Hong Kong)" },
  { zone: "Asia/Manila", label: "Philippine Standard Time (Manila)" },
  { zone: "Asia/Tokyo", label: "Japan Standard Time (Tokyo)" },
  { zone: "Asia/Seoul", label: "Korean Standard Time (Seoul)" },
  { zone: "Australia/Perth", label: "Australian Western Time (Perth)" },
  { zone: "Australia/Adelaide", label: "Australian Central Time (Adelaide)" },
  { zone: "Australia/Brisbane", label: "Australian Eastern Standard Time (Brisbane)" },
  { zone: "Australia/Sydney", label: "Australian Eastern Time (Sydney)" },
  { zone: "Pacific/Auckland", label: "New Zealand Time (Auckland)" },
];

/** Old names browsers still report for zones of the list (Chrome says "Asia/Calcutta"). */
const ALIASES: Record<string, string> = {
  "Asia/Calcutta": "Asia/Kolkata",
  "Asia/Katmandu": "Asia/Kathmandu",
  "Europe/Kiev": "Europe/Kyiv",
  "America/Buenos_Aires": "America/Argentina/Buenos_Aires",
  "Etc/UTC": "UTC",
  "Etc/GMT": "UTC",
  GMT: "UTC",
  "Etc/Universal": "UTC",
  UCT: "UTC",
};

let labels: Map<string, string> | undefined;
const otherLabels = new Map<string, string>();

/** A zone's name for people: "India Standard Time (Kolkata)"; zones off the list get the runtime's long name and their city. */
export function zoneLabel(zone: string): string {
  labels ??= new Map(COMMON_ZONES.map((z) => [z.zone, z.label]));
  const known = labels.get(ALIASES[zone] ?? zone);
  if (known !== undefined) return known;
  if (!isTimeZone(zone)) return zoneLabel("UTC");
  return keptIn(otherLabels, 256, zone, () => {
    const name = new Intl.DateTimeFormat("en-US", { timeZone: zone, timeZoneName: "longGeneric" })
      .formatToParts(new Date(0))
      .find((p) => p.type === "timeZoneName")?.value;
    const city = zone.split("/").pop()!.replace(/_/g, " ");
    return name && name !== city ? `${name} (${city})` : city;
  });
}

/**
 * A zone and every other name a browser may report for it ("Asia/Kolkata Asia/Calcutta"), space
 * separated: a page's `data-zone-rendered`, which the client compares with the browser's zone
 * (src/render/client-assets.ts), so that the same zone by another name loads nothing again.
 */
export function zoneNames(zone: string): string {
  const canonical = canonicalZone(zone);
  return [canonical, ...Object.keys(ALIASES).filter((alias) => ALIASES[alias] === canonical)].join(" ");
}

/** The zone as the list names it (an alias becomes its list name), for a select's selected option. */
export const canonicalZone = (zone: string) => ALIASES[zone] ?? zone;


/** The common zones named in Hindi, written by hand ("भारतीय मानक समय (कोलकाता)"): Intl's Hindi names mix up some of them. */
const HINDI_ZONES: Readonly<Record<string, string>> = {
  UTC: "समन्वित वैश्विक समय (UTC)",
  "Pacific/Honolulu": "हवाई समय (होनोलूलू)",
  "America/Anchorage": "अलास्का समय (एंकरेज)",
  "America/Los_Angeles": "पैसिफ़िक समय (लॉस एंजेलिस)",
  "America/Phoenix": "माउंटेन मानक समय (फ़ीनिक्स)",
  "America/Denver": "माउंटेन समय (डेनवर)",
  "America/Chicago": "सेंट्रल समय (शिकागो)",
  "America/Mexico_City": "सेंट्रल समय (मेक्सिको सिटी)",
  "America/New_York": "ईस्टर्न समय (न्यूयॉर्क)",
  "America/Toronto": "ईस्टर्न समय (टोरंटो)",
  "America/Bogota": "कोलंबिया समय (बोगोटा)",
  "America/Sao_Paulo": "ब्राज़ीलिया समय (साओ पाउलो)",
  "America/Argentina/Buenos_Aires": "अर्जेंटीना समय (ब्यूनस आयर्स)",
  "Europe/London": "ब्रिटेन का समय (लंदन)",
  "Europe/Dublin": "आयरलैंड का समय (डबलिन)",
  "Europe/Lisbon": "पश्चिमी यूरोपीय समय (लिस्बन)",
  "Africa/Lagos": "पश्चिम अफ़्रीका समय (लागोस)",
  "Europe/Paris": "मध्य यूरोपीय समय (पेरिस)",
  "Europe/Berlin": "मध्य यूरोपीय समय (बर्लिन)",
  "Europe/Madrid": "मध्य यूरोपीय समय (मैड्रिड)",
  "Europe/Rome": "मध्य यूरोपीय समय (रोम)",
  "Europe/Warsaw": "मध्य यूरोपीय समय (वारसॉ)",
  "Africa/Cairo": "पूर्वी यूरोपीय समय (काहिरा)",
  "Africa/Johannesburg": "दक्षिण अफ़्रीका मानक समय (जोहान्सबर्ग)",
  "Europe/Athens": "पूर्वी यूरोपीय समय (एथेंस)",
  "Europe/Kyiv": "पूर्वी यूरोपीय समय (कीव)",
  "Europe/Istanbul": "तुर्की समय (इस्तांबुल)",
  "Europe/Moscow": "मॉस्को समय (मॉस्को)",
  "Africa/Nairobi": "पूर्वी अफ़्रीका समय (नैरोबी)",
  "Asia/Riyadh": "अरब मानक समय (रियाद)",
  "Asia/Tehran": "ईरान समय (तेहरान)",
  "Asia/Dubai": "खाड़ी मानक समय (दुबई)",
  "Asia/Karachi": "पाकिस्तान मानक समय (कराची)",
  "Asia/Kolkata": "भारतीय मानक समय (कोलकाता)",
  "Asia/Kathmandu": "नेपाल समय (काठमांडू)",
  "Asia/Dhaka": "बांग्लादेश मानक समय (ढाका)",
  "Asia/Bangkok": "इंडोचाइना समय (बैंकॉक)",
  "Asia/Jakarta": "पश्चिमी इंडोनेशिया समय (जकार्ता)",
  "Asia/Singapore": "सिंगापुर मानक समय (सिंगापुर)",
  "Asia/Shanghai": "चीन मानक समय (शंघाई)",
  "Asia/Hong_Kong": "हांगकांग समय (हांगकांग)",
  "Asia/Manila": "फ़िलीपींस मानक समय (मनीला)",
  "Asia/Tokyo": "जापान मानक समय (टोक्यो)",
  "Asia/Seoul": "कोरिया मानक समय (सियोल)",
  "Australia/Perth": "ऑस्ट्रेलियाई पश्चिमी समय (पर्थ)",
  "Australia/Adelaide": "ऑस्ट्रेलियाई मध्य समय (एडिलेड)",
  "Australia/Brisbane": "ऑस्ट्रेलियाई पूर्वी मानक समय (ब्रिस्बेन)",
  "Australia/Sydney": "ऑस्ट्रेलियाई पूर्वी समय (सिडनी)",
  "Pacific/Auckland": "न्यूज़ीलैंड समय (ऑकलैंड)",
};

const otherHindi = new Map<string, string>();

/**
 * A zone's name for people in `lang`: zoneLabel in English; in Hindi the hand-written name of a
 * listed zone, else the runtime's Hindi name (Intl) of an unlisted one, else its English label.
 */
export function zoneName(zone: string, lang: Lang = "en"): string {
  if (lang === "en") return zoneLabel(zone);
  const listed = HINDI_ZONES[ALIASES[zone] ?? zone];
  if (listed !== undefined) return listed;
  if (!isTimeZone(zone)) return HINDI_ZONES.UTC!;
  return keptIn(otherHindi, 256, zone, () => {
    const name = new Intl.DateTimeFormat("hi-IN", { timeZone: zone, timeZoneName: "longGeneric" })
      .formatToParts(new Date(0))
      .find((p) => p.type === "timeZoneName")?.value;
    return name && !name.startsWith("GMT") ? name : zoneLabel(zone);
  });
}

/** The common zones for the profile's select in `lang`: the values stay IANA ids. */
export const commonZonesIn = (lang: Lang): readonly { zone: string; label: string }[] =>
  lang === "en" ? COMMON_ZONES : COMMON_ZONES.map(({ zone }) => ({ zone, label: HINDI_ZONES[zone] ?? zoneLabel(zone) }));
