import fc from "fast-check"

/**
 * Text with what breaks writers — quotes, backslashes, line breaks, format specifiers, markup,
 * unicode — for the formats' round-trip properties; `extra` adds a format's own troublemakers.
 */
export const tricky = (extra: string[] = []) =>
  fc.string({
    unit: fc.oneof(
      fc.constantFrom(
        '"',
        "'",
        "\\",
        "\n",
        "\t",
        "%",
        "%s",
        "%1$@",
        "%d",
        "@",
        "?",
        " ",
        "  ",
        "é",
        "日本",
        "😀",
        "<",
        "&",
        "]]>",
        "\u00a0",
        ...extra,
      ),
      fc.string({ unit: "grapheme", minLength: 1, maxLength: 3 }),
    ),
    maxLength: 30,
  })
