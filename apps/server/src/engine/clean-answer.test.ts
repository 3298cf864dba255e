import { describe, expect, it } from "vitest"

import { cleanAnswer } from "./clean-answer"

describe("cleanAnswer", () => {
  it.each([
    ["Hello", "Hallo", "Hallo"],
    ["Hello", "```\nHallo\n```", "Hallo"],
    ["Hello", "```text\nHallo\n```", "Hallo"],
    ["Hello", '"Hallo"', "Hallo"],
    ["Hello", "「こんにちは」", "こんにちは"],
    ['"Hello"', '"Hallo"', '"Hallo"'],
    ["“Hello” he said", "„Hallo“ sagte er", "„Hallo“ sagte er"],
    ["```js\ncode\n```", "```js\ncode\n```", "```js\ncode\n```"],
    ["\n  Hello\n", "Hallo", "\n  Hallo\n"],
    ["Hello", "   ", ""],
  ])("turns the answer %j to %j into %j", (source, answer, expected) => {
    expect(cleanAnswer(source, answer)).toBe(expected)
  })
})
