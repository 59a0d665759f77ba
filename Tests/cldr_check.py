"""Formats numbers, percentages, dates and times with Babel (its own copy of CLDR) and compares
them with yir's forms, read as JSON from argv[1]: {locale: {kind: {input: form}}}. Prints one
line per disagreement and exits 1 if there is any that is not a documented difference."""
import datetime
import json
import sys
import unicodedata

from babel.dates import format_date, format_skeleton, format_time
from babel.numbers import format_decimal, format_percent

# Babel (CLDR 47) and ICU as Foundation carries it (an older CLDR) differ where CLDR changed
# between them, or where Babel leaves a CLDR rule out. docs/LANGUAGES.md lists them.
KNOWN = {
    ("hi", "time", None),  # CLDR 47 writes the Hindi day period "am/pm"; the ICU here "पू/अ"
    ("ko", "time", None),  # CLDR 47 writes "PM 2:48"; the ICU here "오후 2:48"
    ("ar", "long_date", None),  # CLDR 47 dropped the comma before the year ("22 أغسطس 2025")
    # CLDR's minimum grouping digits of 2: no separator in a four-digit number ("1234"), which
    # Babel does not apply.
    ("es", "integer", "1234"), ("it", "integer", "1234"), ("pl", "integer", "1234"),
}


def ascii_digits(text):
    return "".join(str(unicodedata.digit(c)) if unicodedata.category(c) == "Nd" else c for c in text)


def babel_forms(locale, kind, value):
    tag = locale.replace("-", "_")
    if kind == "integer":
        return format_decimal(int(value), locale=tag, numbering_system="default")
    if kind == "percent":
        return format_percent(int(value) / 100, locale=tag, numbering_system="default")
    if kind == "time":
        return format_time(datetime.time.fromisoformat(value), "short", locale=tag)
    date = datetime.date.fromisoformat(value)
    if kind == "month_day":
        return format_skeleton("MMMMd", date, locale=tag)
    if kind == "long_date":
        return format_date(date, "long", locale=tag)
    raise ValueError(kind)


def normal(text):
    """Typography, not the form: bidi marks, the kind of space, the minus sign's shape. Babel
    takes a numbering system's separators but not its digits or percent sign (Persian's
    `۱٬۲۳۴` and `۲۳٪` come out as `1٬234` and `23%`), so digits are compared as ASCII."""
    for mark in "\u200e\u200f\u061c":
        text = text.replace(mark, "")
    text = text.replace("\u202f", " ").replace("\u00a0", " ").replace("\u2212", "-").replace("\u066a", "%")
    return ascii_digits(text)


def main():
    forms = json.load(open(sys.argv[1], encoding="utf-8"))
    failures = 0
    for locale, kinds in forms.items():
        for kind, values in kinds.items():
            for value, ours in values.items():
                theirs = babel_forms(locale, kind, value)
                a, b = normal(ours), normal(theirs)
                if a != b:
                    known = (locale, kind, None) in KNOWN or (locale, kind, value) in KNOWN
                    failures += 0 if known else 1
                    print(f"{'known ' if known else ''}difference {locale} {kind} {value}: yir {ours!r}, babel {theirs!r}")
    sys.exit(1 if failures else 0)


main()
