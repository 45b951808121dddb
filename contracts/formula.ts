/**
 * Formula columns: an operator's own metric written from the report's metrics
 * with + − × ÷, parentheses and numbers (`revenue / conversions`, `(sales +
 * leads) * 2`). Parsed into a small tree, validated against the known metric
 * names and evaluated by walking the tree: no `eval`, no `Function`.
 * Division by zero gives 0, as every ratio of the report does.
 */

/** A parsed formula. */
export type Expr =
  | { kind: "num"; value: number }
  | { kind: "ref"; name: string }
  | { kind: "neg"; arg: Expr }
  | { kind: "bin"; op: "+" | "-" | "*" | "/"; left: Expr; right: Expr };

/** Why a formula was refused, with the character where it went wrong. */
export class FormulaError extends Error {
  constructor(message: string, readonly at: number) {
    super(message);
    this.name = "FormulaError";
  }
}

/** Longest formula accepted (characters). */
export const MAX_FORMULA_LENGTH = 300;

type Token = { type: "num" | "name" | "op" | "(" | ")"; text: string; at: number };

const OPS: Record<string, "+" | "-" | "*" | "/"> = {
  "+": "+",
  "-": "-",
  "−": "-",
  "*": "*",
  "×": "*",
  "/": "/",
  "÷": "/",
};

function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < source.length) {
    const ch = source[i];
    if (/\s/.test(ch)) {
      i++;
      continue;
    }
    const num = /^(\d+(\.\d+)?|\.\d+)/.exec(source.slice(i));
    const name = /^[a-zA-Z_][\w]*/.exec(source.slice(i));
    if (num) tokens.push({ type: "num", text: num[0], at: i });
    else if (name) tokens.push({ type: "name", text: name[0], at: i });
    else if (OPS[ch]) tokens.push({ type: "op", text: OPS[ch], at: i });
    else if (ch === "(" || ch === ")") tokens.push({ type: ch, text: ch, at: i });
    else throw new FormulaError(`Unexpected '${ch}'`, i);
    i += num?.[0].length ?? name?.[0].length ?? 1;
  }
  return tokens;
}

/**
 * Parses `source`; every name must be in `names`. Throws `FormulaError`.
 * Grammar: sum = product (("+"|"-") product)*; product = unary (("*"|"/") unary)*;
 * unary = "-" unary | number | name | "(" sum ")".
 */
export function parseFormula(source: string, names: ReadonlySet<string>): Expr {
  if (source.length > MAX_FORMULA_LENGTH) {
    throw new FormulaError(`A formula may hold at most ${MAX_FORMULA_LENGTH} characters`, 0);
  }
  const tokens = tokenize(source);
  let pos = 0;
  let depth = 0;
  const peek = () => tokens[pos];
  const fail = (message: string): never => {
    throw new FormulaError(message, peek()?.at ?? source.length);
  };

  function sum(): Expr {
    let left = product();
    while (peek()?.type === "op" && (peek().text === "+" || peek().text === "-")) {
      const op = tokens[pos++].text as "+" | "-";
      left = { kind: "bin", op, left, right: product() };
    }
    return left;
  }
  function product(): Expr {
    let left = unary();
    while (peek()?.type === "op" && (peek().text === "*" || peek().text === "/")) {
      const op = tokens[pos++].text as "*" | "/";
      left = { kind: "bin", op, left, right: unary() };
    }
    return left;
  }
  function unary(): Expr {
    const token = peek();
    if (!token) return fail("The formula ends too early");
    pos++;
    if (token.type === "op" && token.text === "-") return { kind: "neg", arg: unary() };
    if (token.type === "num") return { kind: "num", value: Number(token.text) };
    if (token.type === "name") {
      if (!names.has(token.text)) {
        throw new FormulaError(`Unknown metric '${token.text}'`, token.at);
      }
      return { kind: "ref", name: token.text };
    }
    if (token.type === "(") {
      if (++depth > 20) throw new FormulaError("Too many nested parentheses", token.at);
      const inner = sum();
      if (peek()?.type !== ")") fail("Missing ')'");
      pos++;
      depth--;
      return inner;
    }
    throw new FormulaError(`Unexpected '${token.text}'`, token.at);
  }

  if (tokens.length === 0) throw new FormulaError("The formula is empty", 0);
  const tree = sum();
  if (pos < tokens.length) fail(`Unexpected '${peek().text}'`);
  return tree;
}

/** Evaluates a parsed formula over metric values; x ÷ 0 is 0 and a missing metric is 0. */
export function evaluateFormula(expr: Expr, values: Readonly<Record<string, number>>): number {
  switch (expr.kind) {
    case "num":
      return expr.value;
    case "ref":
      return values[expr.name] ?? 0;
    case "neg":
      return -evaluateFormula(expr.arg, values);
    case "bin": {
      const a = evaluateFormula(expr.left, values);
      const b = evaluateFormula(expr.right, values);
      if (expr.op === "+") return a + b;
      if (expr.op === "-") return a - b;
      if (expr.op === "*") return a * b;
      return b === 0 ? 0 : a / b;
    }
  }
}

/** The metric names a formula reads (to hide it when one of them is hidden). */
export function formulaRefs(expr: Expr, into = new Set<string>()): Set<string> {
  if (expr.kind === "ref") into.add(expr.name);
  else if (expr.kind === "neg") formulaRefs(expr.arg, into);
  else if (expr.kind === "bin") {
    formulaRefs(expr.left, into);
    formulaRefs(expr.right, into);
  }
  return into;
}
