import { z } from "zod";

/** Episode ids are cuids; anything else is rejected before the database is asked. */
export const episodeIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,64}$/, "an episode id is 1-64 letters, digits, _ or -");

export const badRequest = (message: string) => Response.json({ error: message }, { status: 400 });
export const notFound = (id: string) => Response.json({ error: `no episode ${id}` }, { status: 404 });
