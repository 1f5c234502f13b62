import "server-only";
import { env } from "@/lib/env";
import { bearerToken, sameSecret } from "@/lib/security/tokens";
import { ApiError } from "./http";

/** Admin-only operations (creating leagues) need `Authorization: Bearer <ADMIN_TOKEN>`. */
export function requireAdmin(request: Request): void {
  const expected = env().ADMIN_TOKEN;
  if (!expected) throw new ApiError(503, "league creation is disabled: the operator has not set ADMIN_TOKEN");
  const token = bearerToken(request);
  if (!token)
    throw new ApiError(401, "admin token required: send Authorization: Bearer <ADMIN_TOKEN>", {
      adminToken: ["required"],
    });
  if (!sameSecret(token, expected)) throw new ApiError(403, "wrong admin token", { adminToken: ["wrong admin token"] });
}
