/**
 * Pure Canvas2D drawing of a SocialGrid scene, in layers: the static map (walls, floors, stations, the
 * button), the dynamic layer (doors, task progress, corpses, agents) and the overlay (field of view,
 * flashes, hover, meeting banner). Coordinates are in map cells; `cell` is the size of one in device pixels.
 * Used by the episode viewer and by the home page's thumbnails.
 */
import type { MapInfo, TaskAssignment } from "@/engine/games/socialgrid/events";
import type { Corpse, Fate, ShownRole } from "./timeline";

export const SEAT_COLORS = [
  "#38bdf8",
  "#a3e635",
  "#f472b6",
  "#fb923c",
  "#facc15",
  "#a78bfa",
  "#2dd4bf",
  "#f8fafc",
  "#60a5fa",
  "#4ade80",
  "#e879f9",
  "#fdba74",
  "#94a3b8",
  "#c084fc",
  "#22d3ee",
  "#bef264",
  "#fda4af",
  "#fcd34d",
  "#818cf8",
  "#86efac",
];
export const seatColor = (seat: number) => SEAT_COLORS[seat % SEAT_COLORS.length];

const COLORS = {
  void: "#020617",
  floor: ["#1e293b", "#1c2536"],
  grid: "rgba(148,163,184,0.07)",
  wall: "#475569",
  wallTop: "#64748b",
  station: "#334155",
  stationEdge: "rgba(251,191,36,0.55)",
  button: "#f97316",
  door: "#b45309",
  doorEdge: "#78350f",
  corpse: "#dc2626",
  progress: "#34d399",
  impostor: "#f43f5e",
  selected: "#ffffff",
  visor: "#bae6fd",
  label: "rgba(226,232,240,0.55)",
};

/** An agent as drawn: position in cells (fractional while gliding) and heading in radians. */
export interface AgentPose {
  x: number;
  y: number;
  angle: number;
}

export const facingAngle = (facing: number) => ((facing - 100) * Math.PI) / 2;

const center = (v: number, cell: number) => (v + 0.5) * cell;

export function drawBase(ctx: CanvasRenderingContext2D, map: MapInfo, cell: number) {
  const { width, height, tiles, roomSize } = map;
  ctx.fillStyle = COLORS.void;
  ctx.fillRect(0, 0, width * cell, height * cell);
  const step = roomSize - 1;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const ch = tiles[y][x];
      const px = x * cell;
      const py = y * cell;
      if (ch === "#") {
        ctx.fillStyle = COLORS.wall;
        ctx.fillRect(px, py, cell, cell);
        ctx.fillStyle = COLORS.wallTop;
        ctx.fillRect(px, py, cell, Math.max(1, Math.round(cell * 0.12)));
        continue;
      }
      ctx.fillStyle = COLORS.floor[(Math.floor(x / step) + Math.floor(y / step)) % 2];
      ctx.fillRect(px, py, cell, cell);
      ctx.strokeStyle = COLORS.grid;
      ctx.lineWidth = 1;
      ctx.strokeRect(px + 0.5, py + 0.5, cell - 1, cell - 1);
      if (ch === "T") drawStationBase(ctx, x, y, cell);
      if (ch === "B") drawButton(ctx, x, y, cell);
    }
  }
  // Room names sit on the wall above each room, clear of the stations in its corners.
  ctx.fillStyle = COLORS.label;
  ctx.font = `600 ${Math.max(7, Math.round(cell * 0.34))}px ui-sans-serif, system-ui, sans-serif`;
  ctx.textBaseline = "middle";
  ctx.textAlign = "left";
  for (let r = 0; r < map.layout.rows; r++) {
    for (let c = 0; c < map.layout.cols; c++)
      ctx.fillText(`R${r}${c}`, (c * step + 1.15) * cell, (r * step + 0.55) * cell);
  }
}

function roundedRect(ctx: CanvasRenderingContext2D, x: number, y: number, w: number, h: number, r: number) {
  ctx.beginPath();
  ctx.roundRect(x, y, w, h, r);
}

function drawStationBase(ctx: CanvasRenderingContext2D, x: number, y: number, cell: number) {
  const pad = cell * 0.14;
  roundedRect(ctx, x * cell + pad, y * cell + pad, cell - 2 * pad, cell - 2 * pad, cell * 0.12);
  ctx.fillStyle = COLORS.station;
  ctx.fill();
  ctx.strokeStyle = COLORS.stationEdge;
  ctx.lineWidth = Math.max(1, cell * 0.06);
  ctx.stroke();
}

function drawButton(ctx: CanvasRenderingContext2D, x: number, y: number, cell: number) {
  const cx = center(x, cell);
  const cy = center(y, cell);
  ctx.beginPath();
  ctx.arc(cx, cy, cell * 0.34, 0, Math.PI * 2);
  ctx.fillStyle = "#7c2d12";
  ctx.fill();
  ctx.beginPath();
  ctx.arc(cx, cy, cell * 0.24, 0, Math.PI * 2);
  ctx.fillStyle = COLORS.button;
  ctx.fill();
  ctx.fillStyle = "#fff7ed";
  ctx.font = `800 ${Math.round(cell * 0.3)}px ui-sans-serif, system-ui, sans-serif`;
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  ctx.fillText("!", cx, cy + cell * 0.02);
}

export interface DynamicScene {
  map: MapInfo;
  doorsOpen: readonly boolean[];
  corpses: readonly Corpse[];
  fates: readonly Fate[];
  /** Per seat, or null to leave the seat out (dead, or unseen in a player's view). */
  agents: ReadonlyArray<AgentPose | null>;
  /** Roles to mark (god view or an impostor's teammates); null marks none. */
  roles: readonly ShownRole[] | null;
  selected: number | null;
  /** The selected seat's tasks and progress: their stations show it. */
  tasks?: { list: readonly TaskAssignment[]; progress: readonly number[] };
  /** Corpses outside a player's view are left out. */
  corpseVisible?: (x: number, y: number) => boolean;
}

export function drawDynamic(ctx: CanvasRenderingContext2D, scene: DynamicScene, cell: number) {
  const { map } = scene;
  ctx.clearRect(0, 0, map.width * cell, map.height * cell);
  for (const door of map.doors) drawDoor(ctx, map, door.pos.x, door.pos.y, scene.doorsOpen[door.id], cell);
  if (scene.tasks)
    scene.tasks.list.forEach((task, i) => drawTaskProgress(ctx, task, scene.tasks!.progress[i] ?? 0, cell));
  for (const corpse of scene.corpses) {
    if (!scene.corpseVisible || scene.corpseVisible(corpse.x, corpse.y)) drawCorpse(ctx, corpse, cell);
  }
  scene.agents.forEach((pose, seat) => {
    if (pose && seat !== scene.selected) drawAgent(ctx, seat, pose, scene.roles?.[seat] === "impostor", false, cell);
  });
  const sel = scene.selected === null ? null : scene.agents[scene.selected];
  if (sel && scene.selected !== null)
    drawAgent(ctx, scene.selected, sel, scene.roles?.[scene.selected] === "impostor", true, cell);
}

function drawDoor(ctx: CanvasRenderingContext2D, map: MapInfo, x: number, y: number, open: boolean, cell: number) {
  // A door in a vertical wall (walls above and below) is passed horizontally, and vice versa.
  const vertical = map.tiles[y - 1]?.[x] === "#" && map.tiles[y + 1]?.[x] === "#";
  const px = x * cell;
  const py = y * cell;
  const thick = cell * 0.22;
  const w = vertical ? cell * 0.44 : cell;
  const h = vertical ? cell : cell * 0.44;
  if (open) {
    // An open door: its frame on the wall sides and the outline of where the leaf would be.
    ctx.fillStyle = COLORS.door;
    if (vertical) {
      ctx.fillRect(px + (cell - thick) / 2, py, thick, cell * 0.2);
      ctx.fillRect(px + (cell - thick) / 2, py + cell * 0.8, thick, cell * 0.2);
    } else {
      ctx.fillRect(px, py + (cell - thick) / 2, cell * 0.2, thick);
      ctx.fillRect(px + cell * 0.8, py + (cell - thick) / 2, cell * 0.2, thick);
    }
    ctx.strokeStyle = "rgba(217,119,6,0.55)";
    ctx.lineWidth = Math.max(1, cell * 0.05);
    ctx.setLineDash([cell * 0.1, cell * 0.08]);
    ctx.strokeRect(px + (cell - w) / 2, py + (cell - h) / 2, w, h);
    ctx.setLineDash([]);
    return;
  }
  ctx.fillStyle = COLORS.door;
  ctx.strokeStyle = COLORS.doorEdge;
  ctx.lineWidth = Math.max(1, cell * 0.05);
  roundedRect(ctx, px + (cell - w) / 2, py + (cell - h) / 2, w, h, cell * 0.06);
  ctx.fill();
  ctx.stroke();
}

function drawTaskProgress(ctx: CanvasRenderingContext2D, task: TaskAssignment, progress: number, cell: number) {
  const { x, y } = task.station;
  const pad = cell * 0.14;
  const size = cell - 2 * pad;
  const done = !task.fake && progress >= task.required;
  roundedRect(ctx, x * cell + pad, y * cell + pad, size, size, cell * 0.12);
  ctx.strokeStyle = task.fake ? COLORS.impostor : COLORS.progress;
  ctx.lineWidth = Math.max(2, cell * 0.09);
  ctx.setLineDash(task.fake ? [cell * 0.12, cell * 0.08] : []);
  ctx.stroke();
  ctx.setLineDash([]);
  const fraction = task.fake ? 0 : Math.min(1, progress / task.required);
  if (fraction > 0) {
    ctx.fillStyle = done ? COLORS.progress : "rgba(52,211,153,0.55)";
    ctx.fillRect(x * cell + pad, y * cell + pad + size * (1 - fraction), size, size * fraction);
  }
  ctx.fillStyle = done ? "#022c22" : "#e2e8f0";
  ctx.font = `700 ${Math.round(cell * 0.28)}px ui-sans-serif, system-ui, sans-serif`;
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  ctx.fillText(done ? "✓" : task.kind[0].toUpperCase(), center(x, cell), center(y, cell));
}

function drawCorpse(ctx: CanvasRenderingContext2D, corpse: Corpse, cell: number) {
  const pad = cell * 0.1;
  ctx.fillStyle = COLORS.corpse;
  ctx.fillRect(corpse.x * cell + pad, corpse.y * cell + pad, cell - 2 * pad, cell - 2 * pad);
  ctx.fillStyle = seatColor(corpse.seat);
  ctx.fillRect(corpse.x * cell + pad, corpse.y * cell + cell * 0.42, cell - 2 * pad, cell * 0.16);
}

function drawAgent(
  ctx: CanvasRenderingContext2D,
  seat: number,
  pose: AgentPose,
  impostor: boolean,
  selected: boolean,
  cell: number,
) {
  const cx = center(pose.x, cell);
  const cy = center(pose.y, cell);
  const r = cell * 0.36;
  if (impostor || selected) {
    ctx.beginPath();
    ctx.arc(cx, cy, r + cell * 0.09, 0, Math.PI * 2);
    ctx.strokeStyle = selected ? COLORS.selected : COLORS.impostor;
    ctx.lineWidth = Math.max(2, cell * (selected ? 0.09 : 0.07));
    ctx.stroke();
    if (selected && impostor) {
      ctx.beginPath();
      ctx.arc(cx, cy, r + cell * 0.02, 0, Math.PI * 2);
      ctx.strokeStyle = COLORS.impostor;
      ctx.lineWidth = Math.max(1.5, cell * 0.05);
      ctx.stroke();
    }
  }
  ctx.beginPath();
  ctx.arc(cx, cy, r, 0, Math.PI * 2);
  ctx.fillStyle = seatColor(seat);
  ctx.fill();
  ctx.lineWidth = Math.max(1, cell * 0.05);
  ctx.strokeStyle = "#0f172a";
  ctx.stroke();
  // The visor shows the facing direction.
  const vx = cx + Math.cos(pose.angle) * r * 0.55;
  const vy = cy + Math.sin(pose.angle) * r * 0.55;
  ctx.beginPath();
  ctx.ellipse(vx, vy, r * 0.3, r * 0.5, pose.angle, 0, Math.PI * 2);
  ctx.fillStyle = COLORS.visor;
  ctx.fill();
  ctx.strokeStyle = "#0f172a";
  ctx.lineWidth = Math.max(1, cell * 0.04);
  ctx.stroke();
  const lx = cx - Math.cos(pose.angle) * r * 0.35;
  const ly = cy - Math.sin(pose.angle) * r * 0.35;
  ctx.fillStyle = "#0f172a";
  ctx.font = `800 ${Math.round(cell * 0.3)}px ui-sans-serif, system-ui, sans-serif`;
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  ctx.fillText(String(seat), lx, ly + cell * 0.01);
}

export interface Flash {
  kind: "kill" | "report";
  x: number;
  y: number;
  /** 0 → 1 over the flash's life. */
  progress: number;
}

export interface OverlayScene {
  map: MapInfo;
  /** Cells the selected player sees (null: no field of view to show). */
  visible: ((x: number, y: number) => boolean) | null;
  fov: { x: number; y: number; radius: number } | null;
  hover: AgentPose | null;
  flashes: readonly Flash[];
  banner: string | null;
}

export function drawOverlay(ctx: CanvasRenderingContext2D, scene: OverlayScene, cell: number) {
  const { map } = scene;
  ctx.clearRect(0, 0, map.width * cell, map.height * cell);
  if (scene.visible) {
    ctx.fillStyle = "rgba(2,6,23,0.62)";
    for (let y = 0; y < map.height; y++) {
      for (let x = 0; x < map.width; x++) if (!scene.visible(x, y)) ctx.fillRect(x * cell, y * cell, cell, cell);
    }
  }
  if (scene.fov) {
    const { x, y, radius } = scene.fov;
    ctx.strokeStyle = "rgba(125,211,252,0.8)";
    ctx.lineWidth = Math.max(1, cell * 0.05);
    ctx.setLineDash([cell * 0.2, cell * 0.12]);
    ctx.strokeRect((x - radius) * cell, (y - radius) * cell, (2 * radius + 1) * cell, (2 * radius + 1) * cell);
    ctx.setLineDash([]);
  }
  if (scene.hover) {
    ctx.beginPath();
    ctx.arc(center(scene.hover.x, cell), center(scene.hover.y, cell), cell * 0.5, 0, Math.PI * 2);
    ctx.strokeStyle = "rgba(255,255,255,0.7)";
    ctx.lineWidth = Math.max(1, cell * 0.05);
    ctx.stroke();
  }
  for (const flash of scene.flashes) drawFlash(ctx, flash, cell);
  if (scene.banner) drawBanner(ctx, scene.banner, map.width * cell, cell);
}

function drawFlash(ctx: CanvasRenderingContext2D, flash: Flash, cell: number) {
  const fade = 1 - flash.progress;
  const color = flash.kind === "kill" ? "239,68,68" : "251,191,36";
  ctx.beginPath();
  ctx.arc(center(flash.x, cell), center(flash.y, cell), cell * (0.5 + flash.progress * 2.2), 0, Math.PI * 2);
  ctx.strokeStyle = `rgba(${color},${fade})`;
  ctx.lineWidth = Math.max(2, cell * 0.14 * fade);
  ctx.stroke();
  ctx.fillStyle = `rgba(${color},${0.35 * fade})`;
  ctx.fillRect(flash.x * cell, flash.y * cell, cell, cell);
}

function drawBanner(ctx: CanvasRenderingContext2D, text: string, width: number, cell: number) {
  const size = Math.max(10, Math.round(cell * 0.42));
  ctx.font = `700 ${size}px ui-sans-serif, system-ui, sans-serif`;
  const w = ctx.measureText(text).width + size * 1.6;
  const h = size * 1.9;
  const x = (width - w) / 2;
  const y = cell * 0.25;
  roundedRect(ctx, x, y, w, h, h / 2);
  ctx.fillStyle = "rgba(120,53,15,0.92)";
  ctx.fill();
  ctx.strokeStyle = "rgba(251,191,36,0.9)";
  ctx.lineWidth = Math.max(1, cell * 0.05);
  ctx.stroke();
  ctx.fillStyle = "#fef3c7";
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  ctx.fillText(text, width / 2, y + h / 2 + 1);
}
