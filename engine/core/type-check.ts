/**
 * Compile-time checks that a zod schema's type describes exactly a TypeScript type (no field missing or
 * extra): `export type XMatchesView = Assert<Same<z.infer<typeof xSchema>, XView>>` fails the type check
 * when they drift apart.
 */

/** Flattens intersections and drops `readonly` on arrays, so structurally equal types compare equal. */
type Normalize<T> = T extends readonly (infer E)[]
  ? Normalize<E>[]
  : T extends object
    ? { [K in keyof T]: Normalize<T[K]> }
    : T;
type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

export type Same<A, B> = Equal<Normalize<A>, Normalize<B>>;
export type Assert<T extends true> = T;
