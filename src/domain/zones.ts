/**
 * The common time zones named for people ("India Standard Time (Kolkata)"), for the profile's
 * select and the labels of times typed in a zone. Apart from ./time.ts so that a bundle which only
 * formats times leaves the list out.
 */
import { keptIn } from "./bounded";
import { isTimeZone } from "./time";

/** The common zones a person picks from, named for people; UTC first, then west to east. */
export const COMMON_ZONES: readonly { zone: string; label: string }[] = [
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
  { zone: "Asia/Kolkata", label: "India Standard Time (Kolkata)" },
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

/** The zone as the list names it (an alias becomes its list name), for a select's selected option. */
export const canonicalZone = (zone: string) => ALIASES[zone] ?? zone;

