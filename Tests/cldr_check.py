"""Formats numbers, percentages, dates, times, month names, duration units, time zone, language and territory names
with Babel (its own copy of CLDR) and compares them with yir's forms, read as JSON from argv[1]:
{locale: {kind: {input: form}}}. Prints one line per disagreement and exits 1 if there is any
that is not a documented difference."""
import datetime
import functools
import json
import sys
import unicodedata

from babel.dates import (format_date, format_skeleton, format_time, format_timedelta, get_timezone,
                         get_timezone_name)
from babel import Locale, localedata
from babel.core import get_global
from babel.numbers import format_decimal, format_percent

# Babel (CLDR 47) and ICU as Foundation carries it (an older CLDR) differ where CLDR changed
# between them, or where Babel leaves a CLDR rule out. docs/LANGUAGES.md lists them.
KNOWN = {
    # CLDR 47 writes the Hindi day period "am/pm" after the time; the ICU here "पू/अ" before it,
    # which yir writes in full ("सुबह 9:30"; the "day_period" check compares those words).
    ("hi", "time", None),
    ("ko", "time", None),  # CLDR 47 writes "PM 2:48"; the ICU here "오후 2:48"
    ("ar", "long_date", None),  # CLDR 47 dropped the comma before the year ("22 أغسطس 2025")
    # CLDR's minimum grouping digits of 2: no separator in a four-digit number ("1234"), which
    # Babel does not apply.
    ("es", "integer", "1234"), ("it", "integer", "1234"), ("pl", "integer", "1234"),
    ("hi", "month_abbreviated", "10"),  # CLDR 47 spells October "अक्टू॰"; the ICU here "अक्तू॰"
    ("ar", "language", "yue"),  # CLDR 47 writes Cantonese with its vowel marks, "الكَنْتُونية"; the ICU here "الكانتونية"
    ("en", "zone", "Australia/Sydney"),  # CLDR 47 "Australian Eastern Time"; the ICU here "Eastern Australia Time"
    # India's zone has a standard name only (`India Standard Time`), which TR35 and ICU use for
    # its generic name; Babel falls back to the location (`India Time`, Russian even "летнее
    # время", summer time).
    ("*", "zone", "Asia/Kolkata"),
    # CLDR 47 names Hindi midnight itself ("मध्यरात्रि"), which the ICU here does not: "रात".
    ("hi", "day_period", "00:00"),
    # Persian days in the Persian calendar ("۳۱ مرداد"), which Babel does not format.
    ("fa", "month_day", None), ("fa", "long_date", None),
}


# Languages whose days yir says in the Persian calendar, CLDR's default for them. Babel formats
# Gregorian dates only: their days are checked against ICU's Persian calendar at fixed dates
# (`LanguageTests`), their report year against Babel here.
PERSIAN_DAYS = {"fa"}


def ascii_digits(text):
    return "".join(str(unicodedata.digit(c)) if unicodedata.category(c) == "Nd" else c for c in text)


# A zone without daylight time, whose generic name is its standard name (`Japan Standard Time`):
# Babel, given no date, would give its location (`Japan Time`).
STANDARD_ONLY = {"Asia/Tokyo"}


@functools.cache
def stand_alone_months(tag):
    """CLDR's abbreviated stand-alone month names (ICU's `LLL`), read from fresh data: Babel
    2.18 merges a language's own stand-alone names (Hebrew's, Chinese's) into the data it has
    cached for the languages that inherit theirs, which would read them from then on."""
    localedata._cache.clear()
    return dict(Locale.parse(tag).months["stand-alone"]["abbreviated"])


def letter_day_periods(tag):
    periods = Locale.parse(tag).day_periods["format"]["abbreviated"]
    return any(len(periods.get(p, "")) == 1 for p in ("am", "pm"))


def first_of_month(form, date, tag):
    """French writes the first of a month as an ordinal (`1er janvier`), which CLDR's dates leave out."""
    if tag.split("_")[0] == "fr" and date.day == 1 and form.startswith("1 "):
        return "1er" + form[1:]
    return form


def babel_forms(locale, kind, value):
    tag = locale.replace("-", "_")
    if kind == "month_abbreviated":
        # CLDR's abbreviated stand-alone month names (ICU's `LLL`).
        return stand_alone_months(tag)[int(value)]
    if kind == "duration_unit":
        # One unit's short form (`2 hr`, `2小時`), compared by its words: see `normal_unit`.
        # Seconds alone in full (`45 seconds`), as the hero of a reading under a minute says them.
        amount, unit = value.split(" ")
        width = "long" if unit == "seconds" else "short"
        return format_timedelta(datetime.timedelta(**{unit: int(amount)}), format=width, locale=tag)
    if kind == "zone":
        # CLDR's generic long name (`Central European Time`), yir's name for a zone.
        # CLDR's own identifier (`Asia/Calcutta` for `Asia/Kolkata`): Babel finds a zone's
        # metazone under it only.
        zone = get_timezone(get_global("zone_aliases").get(value, value))
        width = "standard" if value in STANDARD_ONLY else "generic"
        return get_timezone_name(zone, "long", locale=tag, zone_variant=width)
    if kind == "language":
        # CLDR's name of a language, as it stands inside a sentence (`allemand`, `ドイツ語`).
        return Locale.parse(tag).languages.get(value)
    if kind == "territory":
        # CLDR's standard name of a territory (`China`, `Hong Kong SAR China`).
        return Locale.parse(tag).territories.get(value)
    if kind == "year":
        # The report's Gregorian year; with its era where days are said in the Persian calendar.
        year = datetime.date(int(value), 7, 1)
        return format_date(year, "y GGGG", locale=tag) if tag in PERSIAN_DAYS else format_skeleton("y", year, locale=tag)
    if kind == "integer":
        return format_decimal(int(value), locale=tag, numbering_system="default")
    if kind == "percent":
        return format_percent(int(value) / 100, locale=tag, numbering_system="default")
    if kind == "time":
        # A day period abbreviated to one letter (Arabic `ص`) is written in full, as CLDR's day
        # period of the time of day (`صباحًا`): SPEC §4.4.
        pattern = Locale.parse(tag).time_formats["short"].pattern
        if letter_day_periods(tag):
            pattern = pattern.replace("a", "BBBB")
        return format_time(datetime.time.fromisoformat(value), pattern, locale=tag)
    if kind == "day_period":
        # The words of a time or hour label beside its figures: CLDR's day period in full.
        return format_time(datetime.time.fromisoformat(value), "BBBB", locale=tag)
    date = datetime.date.fromisoformat(value)
    if kind == "month_day":
        return first_of_month(format_skeleton("MMMMd", date, locale=tag), date, tag)
    if kind == "long_date":
        return first_of_month(format_date(date, "long", locale=tag), date, tag)
    raise ValueError(kind)


def normal(text):
    """Typography, not the form: bidi marks, the kind of space, the minus sign's shape. Babel
    takes a numbering system's separators but not its digits or percent sign (Persian's
    `۱٬۲۳۴` and `۲۳٪` come out as `1٬234` and `23%`), so digits are compared as ASCII."""
    for mark in "\u200e\u200f\u061c":
        text = text.replace(mark, "")
    text = text.replace("\u202f", " ").replace("\u00a0", " ").replace("\u2212", "-").replace("\u066a", "%")
    return ascii_digits(text)


def normal_unit(text):
    """A duration's unit words alone: the space between figure and unit differs between CLDR
    versions and languages (`2 小時`, `2小時`); the words are what a reader reads."""
    return "".join(c for c in normal(text) if not c.isdigit() and not c.isspace())


def main():
    forms = json.load(open(sys.argv[1], encoding="utf-8"))
    failures = 0
    checks = [(locale, kind, value, ours) for locale, kinds in forms.items()
              for kind, values in kinds.items() for value, ours in values.items()]
    for locale, kind, value, ours in checks:
        theirs = babel_forms(locale, kind, value)
        compare = normal_unit if kind == "duration_unit" else normal
        a, b = compare(ours), compare(theirs)
        if a != b:
            known = (locale, kind, None) in KNOWN or (locale, kind, value) in KNOWN or ("*", kind, value) in KNOWN
            failures += 0 if known else 1
            print(f"{'known ' if known else ''}difference {locale} {kind} {value}: yir {ours!r}, babel {theirs!r}")
    sys.exit(1 if failures else 0)


main()
