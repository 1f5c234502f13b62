import { readFileSync } from "node:fs";

/** Just enough of schema.prisma to compare it with a live database: models, scalar fields, enums. */
export interface SchemaField {
  name: string;
  column: string;
  type: string;
  optional: boolean;
  list: boolean;
}
export interface SchemaModel {
  name: string;
  table: string;
  fields: SchemaField[];
}

export function parsePrismaSchema(file = "prisma/schema.prisma"): { models: SchemaModel[]; enums: string[] } {
  const text = readFileSync(file, "utf8").replace(/\/\/.*$/gm, "");
  const blocks = [...text.matchAll(/^(model|enum)\s+(\w+)\s*\{([\s\S]*?)^\}/gm)];
  const enums = blocks.filter((b) => b[1] === "enum").map((b) => b[2]);
  const modelNames = new Set(blocks.filter((b) => b[1] === "model").map((b) => b[2]));
  const models = blocks
    .filter((b) => b[1] === "model")
    .map(([, , name, body]) => {
      const table = body.match(/@@map\("([^"]+)"\)/)?.[1] ?? name;
      const fields = body
        .split("\n")
        .map((l) => l.trim())
        .filter((l) => l && !l.startsWith("@@"))
        .map((l) => l.match(/^(\w+)\s+(\w+)(\[\])?(\?)?(.*)$/))
        .filter((m): m is RegExpMatchArray => m !== null)
        .filter((m) => !modelNames.has(m[2]))
        .map((m) => ({
          name: m[1],
          column: m[5].match(/@map\("([^"]+)"\)/)?.[1] ?? m[1],
          type: m[2],
          list: m[3] === "[]",
          optional: m[4] === "?",
        }));
      return { name, table, fields };
    });
  return { models, enums };
}

const SCALARS: Record<string, string> = {
  String: "text",
  Int: "integer",
  BigInt: "bigint",
  Boolean: "boolean",
  DateTime: "timestamp without time zone",
  Json: "jsonb",
  Float: "double precision",
  Decimal: "numeric",
  Bytes: "bytea",
};

/** The (data_type, udt_name) information_schema reports for a field. */
export function expectedColumnType(field: SchemaField, enums: string[]): { dataType: string; udtName?: string } {
  if (field.list) {
    const element = enums.includes(field.type) ? `_${field.type}` : `_${udtOf(SCALARS[field.type])}`;
    return { dataType: "ARRAY", udtName: element };
  }
  if (enums.includes(field.type)) return { dataType: "USER-DEFINED", udtName: field.type };
  const dataType = SCALARS[field.type];
  if (!dataType) throw new Error(`unknown Prisma type ${field.type}`);
  return { dataType };
}

function udtOf(dataType: string): string {
  return (
    ({ text: "text", integer: "int4", bigint: "int8", boolean: "bool", jsonb: "jsonb" } as Record<string, string>)[
      dataType
    ] ?? dataType
  );
}
