/** A doctor's places of practice (issue 54). */
import { z } from "zod";
import { id } from "./common";

/** A place of practice (issue 54): a clinic with its address. */
export const Place = z
  .object({
    _id: id,
    name: z.string(),
    address: z.string().meta({ description: "The street line" }),
    locality: z.string().meta({ description: "The area of the city; \"\" when not given" }),
    city: z.string(),
    pinCode: z.string().meta({ description: "6 digits", example: "411038" }),
    phone: z.string().nullable().meta({ description: "E.164; null when not given", example: "+912025501234" }),
    mapUrl: z.string().nullable().meta({ description: "An https:// link; null when not given" }),
  })
  .meta({ id: "Place" });

/** A place as a slot or a card names it: enough to say where, without the street line. */
export const PlaceName = z.object({ _id: id, name: z.string(), locality: z.string(), city: z.string() }).meta({ id: "PlaceName" });
