import { describe, expect, it } from "vitest";
import { checkStatement, D1_LIMITS } from "../../worker/platform/d1-statement-check";

const list = (n: number, item: (i: number) => string) => Array.from({ length: n }, (_, i) => item(i)).join(", ");

describe("checkStatement: D1's production limits", () => {
  it("passes ordinary statements, DDL with many columns and long IN lists of literals", () => {
    expect(checkStatement("select * from events where title like ? escape '\\'", ["%beach%"])).toEqual([]);
    expect(checkStatement(`create table if not exists wide (${list(40, (i) => `c${i} text`)})`, [])).toEqual([]);
    expect(
      checkStatement(`insert into "wide" (${list(40, (i) => `"c${i}"`)}) values (${list(40, () => "1")})`, []),
    ).toEqual([]);
    expect(checkStatement(`select 1 where 3 in (${list(200, String)})`, [])).toEqual([]);
    expect(checkStatement("select count(*), coalesce(a, b, 'x(,)') from t", [])).toEqual([]);
  });

  it("refuses a LIKE or GLOB pattern over 50 bytes, bound or literal, counting UTF-8 bytes", () => {
    const at = (s: string) => checkStatement("select 1 from t where a like ? escape '\\'", [s]);
    expect(at(`%${"a".repeat(48)}%`)).toEqual([]);
    expect(at(`%${"a".repeat(49)}%`)).toEqual([expect.stringMatching(/LIKE pattern of 51 bytes/)]);
    expect(at(`%${"é".repeat(25)}%`)).toEqual([expect.stringMatching(/52 bytes/)]);
    expect(checkStatement(`select 1 from t where a not glob '${"*".repeat(60)}'`, [])).toEqual([
      expect.stringMatching(/GLOB pattern of 60 bytes/),
    ]);
    // The pattern is matched to its own placeholder, not the first one.
    expect(checkStatement("select 1 from t where b = ? and a like ?", ["x".repeat(80), "%a%"])).toEqual([]);
  });

  it("refuses more than 100 bound parameters", () => {
    const params = Array.from({ length: D1_LIMITS.boundParameters + 1 }, (_, i) => i);
    expect(checkStatement(`select 1 where 1 in (${list(params.length, () => "?")})`, params)).toEqual([
      expect.stringMatching(/101 bound parameters/),
    ]);
  });

  it("refuses a function call with more than 32 arguments", () => {
    expect(checkStatement(`select json_array(${list(32, String)})`, [])).toEqual([]);
    expect(checkStatement(`select json_object(${list(34, (i) => `'k${i}'`)})`, [])).toEqual([
      expect.stringMatching(/json_object\(\) with 34 arguments/),
    ]);
  });

  it("refuses a statement over 100 KB", () => {
    expect(checkStatement(`select '${"x".repeat(D1_LIMITS.statementBytes)}'`, [])).toEqual([
      expect.stringMatching(/statement of 100009 bytes/),
    ]);
  });
});
