import { ACTIONS, type Facing, type Point } from "./events";

/** Facing index 0..3 = RIGHT, DOWN, LEFT, UP (clockwise, as the codes 100..103). */
export const DX = [1, 0, -1, 0] as const;
export const DY = [0, 1, 0, -1] as const;
export const facingCode = (index: number): Facing => (100 + (index & 3)) as Facing;

/** Absolute direction (facing index) of a move action taken while facing `f`; -1 for non-moves. */
export function moveDirection(action: number, f: number): number {
  switch (action) {
    case ACTIONS.MOVE_FORWARD:
      return f;
    case ACTIONS.MOVE_BACKWARD:
      return (f + 2) & 3;
    case ACTIONS.STRAFE_RIGHT:
      return (f + 1) & 3;
    case ACTIONS.STRAFE_LEFT:
      return (f + 3) & 3;
    default:
      return -1;
  }
}

/** Facing index after a turn action taken while facing `f`; -1 for non-turns. */
export function turnResult(action: number, f: number): number {
  switch (action) {
    case ACTIONS.TURN_LEFT:
      return (f + 3) & 3;
    case ACTIONS.TURN_RIGHT:
      return (f + 1) & 3;
    case ACTIONS.TURN_BACK:
      return (f + 2) & 3;
    default:
      return -1;
  }
}

export const MOVE_ACTIONS = [
  ACTIONS.MOVE_FORWARD,
  ACTIONS.MOVE_BACKWARD,
  ACTIONS.STRAFE_RIGHT,
  ACTIONS.STRAFE_LEFT,
] as const;
export const TURN_ACTIONS = [ACTIONS.TURN_LEFT, ACTIONS.TURN_RIGHT, ACTIONS.TURN_BACK] as const;

export const manhattan = (a: Point, b: Point): number => Math.abs(a.x - b.x) + Math.abs(a.y - b.y);

/** Room row/col of a tile. Tiles on a shared wall belong to the room to their right/below. */
export function roomOf(x: number, y: number, roomSize: number, layout: { rows: number; cols: number }) {
  const step = roomSize - 1;
  return {
    row: Math.min(Math.floor(y / step), layout.rows - 1),
    col: Math.min(Math.floor(x / step), layout.cols - 1),
  };
}

/** The paper's position label `Rrc(x,y)`: room row and column, then global coordinates, e.g. `R01(12,8)`. */
export function positionLabel(x: number, y: number, roomSize: number, layout: { rows: number; cols: number }): string {
  const { row, col } = roomOf(x, y, roomSize, layout);
  return `R${row}${col}(${x},${y})`;
}
