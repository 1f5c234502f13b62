"use client";

import { useEffect, useRef, useState } from "react";

/**
 * A value that follows `value` at most once per `ms` (the latest one wins). Panels follow playback with it:
 * unlike a deferred value, it cannot starve while the step changes faster than they render.
 */
export function useThrottled<T>(value: T, ms: number): T {
  const [shown, setShown] = useState(value);
  const last = useRef(0);
  useEffect(() => {
    const wait = last.current + ms - performance.now();
    if (wait <= 0) {
      last.current = performance.now();
      setShown(value);
      return;
    }
    const timer = setTimeout(() => {
      last.current = performance.now();
      setShown(value);
    }, wait);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return shown;
}
