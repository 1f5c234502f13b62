import { describe, expect, it } from "vitest";
import { commandForKey, isTypingTarget } from "./keys";

const el = (tagName: string, props: Record<string, unknown> = {}) =>
  ({ tagName, isContentEditable: false, ...props }) as unknown as EventTarget;

describe("viewer shortcuts", () => {
  it("maps the player keys", () => {
    expect(commandForKey({ key: "ArrowLeft" })).toBe("prev");
    expect(commandForKey({ key: "ArrowRight" })).toBe("next");
    expect(commandForKey({ key: "," })).toBe("prev");
    expect(commandForKey({ key: "." })).toBe("next");
    expect(commandForKey({ key: " " })).toBe("toggle");
    expect(commandForKey({ key: "Home" })).toBe("start");
    expect(commandForKey({ key: "End" })).toBe("end");
    expect(commandForKey({ key: "?" })).toBe("help");
    expect(commandForKey({ key: "Escape" })).toBe("close");
    expect(commandForKey({ key: "a" })).toBeNull();
  });

  it("leaves modified keys to the browser", () => {
    expect(commandForKey({ key: "ArrowLeft", altKey: true })).toBeNull();
    expect(commandForKey({ key: "ArrowRight", ctrlKey: true })).toBeNull();
    expect(commandForKey({ key: "End", metaKey: true })).toBeNull();
  });

  it("ignores keys typed into fields", () => {
    for (const target of [
      el("INPUT", { type: "text" }),
      el("INPUT", { type: "search" }),
      el("TEXTAREA"),
      el("SELECT"),
      el("DIV", { isContentEditable: true }),
    ]) {
      expect(isTypingTarget(target)).toBe(true);
      expect(commandForKey({ key: " ", target })).toBeNull();
      expect(commandForKey({ key: "ArrowLeft", target })).toBeNull();
    }
    expect(isTypingTarget(el("BUTTON"))).toBe(false);
    expect(commandForKey({ key: " ", target: el("BUTTON") })).toBe("toggle");
  });

  it("lets a focused slider move itself, but Space still plays", () => {
    const slider = el("INPUT", { type: "range" });
    expect(commandForKey({ key: "ArrowRight", target: slider })).toBeNull();
    expect(commandForKey({ key: "Home", target: slider })).toBeNull();
    expect(commandForKey({ key: " ", target: slider })).toBe("toggle");
  });
});
