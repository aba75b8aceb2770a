/**
 * Issue 42's calls: the people a patient books for (GET/POST /patient-dashboard/family, PUT and
 * DELETE /patient-dashboard/family/{id}). Added to the patient's API (./patient.ts), behind its role
 * check; the profile page's forms call the same use cases (src/actions/family.ts).
 */
import { zValidator } from "@hono/zod-validator";
import type { Hono } from "hono";
import { addFamilyMember, editFamilyMember, familyOf, removeFamilyMember } from "../../actions/family";
import type { Deps } from "../../config/deps";
import { MEMBER_ADDED, MEMBER_REMOVED, MEMBER_UPDATED } from "../../domain/family";
import { familyBody, familyIdParam } from "../../http/schemas";
import { familyMemberJson } from "../../http/shapes";
import { onInvalid } from "../../http/validate";
import { signedIn } from "../../middleware/session";

export function familyRoutes(api: Hono, deps: Deps): void {
  api.get("/patient-dashboard/family", async (c) => {
    const members = await familyOf(deps, signedIn(c, "patient").id);
    return c.json({ members: members.map(familyMemberJson) });
  });

  api.post("/patient-dashboard/family", zValidator("json", familyBody, onInvalid), async (c) => {
    const member = await addFamilyMember(deps, signedIn(c, "patient").id, c.req.valid("json"));
    return c.json({ message: MEMBER_ADDED, member: familyMemberJson(member) }, 201);
  });

  api.put("/patient-dashboard/family/:id", zValidator("param", familyIdParam, onInvalid), zValidator("json", familyBody, onInvalid), async (c) => {
    const member = await editFamilyMember(deps, signedIn(c, "patient").id, c.req.valid("param").id, c.req.valid("json"));
    return c.json({ message: MEMBER_UPDATED, member: familyMemberJson(member) });
  });

  api.delete("/patient-dashboard/family/:id", zValidator("param", familyIdParam, onInvalid), async (c) => {
    await removeFamilyMember(deps, signedIn(c, "patient").id, c.req.valid("param").id);
    return c.json({ message: MEMBER_REMOVED });
  });
}
