import type { Facing, Point } from "../events";

/** Unit vector of each facing code (x right, y down). */
const FACING_VECTORS: Record<Facing, Point> = {
  100: { x: 1, y: 0 },
  101: { x: 0, y: 1 },
  102: { x: -1, y: 0 },
  103: { x: 0, y: -1 },
};

export const facingVector = (facing: Facing): Point => FACING_VECTORS[facing];

/** The tile an agent at (x, y) looking towards `facing` interacts with. */
export function frontTile(x: number, y: number, facing: Facing): Point {
  const v = FACING_VECTORS[facing];
  return { x: x + v.x, y: y + v.y };
}

export const pointKey = (x: number, y: number): number => x * 65_536 + y;
