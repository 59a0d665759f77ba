#!/usr/bin/env python3
"""Writes SampleData/profiles/: the reading of SampleData/wikipedia/ as two other apps would
export it, for `yir --profile sensors` and `yir --profile metrics-platform` (SPEC §3).

- sensors.jsonl: Sensors Analytics events ({"distinct_id", "time", "event", "properties"}),
  with the preset properties such exports carry ($lib, $os, $screen_width …) and events the
  profile does not map ($AppStart, $AppViewScreen, $AppClick), which yir counts as ignored.
- metrics-platform.jsonl: Wikimedia Metrics Platform app events as the schema
  analytics/product_metrics/app/base 1.3.0 has them ({"$schema", "dt", "meta", "action",
  "action_context", "page", "mediawiki", "agent", "performer"}; Tests/Schemas/ holds the schema
  and the tests validate every line against it): `action_context` is a string of JSON, the
  reader is the app install (a UUID: `install_id` below names each native reader's), titles use
  underscores and `mediawiki.database` names the wiki. With impressions the profile does not map.

Every native record a format can hold is converted exactly (timestamps to the millisecond,
durations in the format's unit), so yir gives the same reader figures for each (tested in
ProfileEndToEndTests). What a format cannot hold is left out: Sensors has no history clears, page
namespaces or notification settings, so the views and sessions before a clear are not in it
(after "Clear history" the app no longer has them either). Deterministic: run it again and
the bytes are the same. Run: python3 SampleData/profiles/generate.py
"""
import gzip
import hashlib
import json
import os
from datetime import datetime, timezone
from decimal import Decimal, ROUND_HALF_UP
from zoneinfo import ZoneInfo

HERE = os.path.dirname(os.path.abspath(__file__))
NATIVE = os.path.join(HERE, "..", "wikipedia")
TYPES = {"page_views": "page_view", "sessions": "session", "saved_articles": "saved_article",
         "history_clears": "history_cleared", "notification_subscriptions": "notification_subscription"}


def native_records():
    """The native sample's valid records in input order, with their implied types filled in."""
    paths = []
    for folder, _, files in os.walk(NATIVE):
        paths += [os.path.join(folder, f) for f in files if ".jsonl" in f]
    for path in sorted(paths, key=lambda p: os.path.relpath(p, NATIVE)):
        opener = gzip.open if path.endswith(".gz") else open
        implied = next((t for prefix, t in TYPES.items() if os.path.basename(path).startswith(prefix)), None)
        with opener(path, "rt", encoding="utf-8-sig") as f:
            for line in f:
                try:
                    record = json.loads(line)
                except ValueError:
                    continue
                if not isinstance(record, dict):
                    continue
                record.setdefault("type", implied)
                if record["type"] not in TYPES.values() or "timestamp" not in record:
                    continue
                if record.get("tz") and record["tz"] not in ZONES:
                    continue
                if acceptable(record):
                    yield record


REQUIRED = {"page_view": ("wiki", "title", "seconds"), "session": ("duration_ms",), "saved_article": ("wiki", "title"),
            "history_cleared": (), "notification_subscription": ("key", "enabled")}


def acceptable(record):
    """What yir accepts of the sample (its deliberately bad lines are left out here)."""
    if any(field not in record for field in REQUIRED[record["type"]]):
        return False
    if record.get("seconds", 0) < 0 or record.get("duration_ms", 0) < 0:
        return False
    try:
        epoch_ms(record)
    except ValueError:
        return False
    return True


ZONES = {"Europe/Berlin", "Asia/Kolkata", "Australia/Adelaide", "America/Mexico_City", "Asia/Tokyo",
         "America/New_York", "Europe/Lisbon", "Europe/London", "UTC",
         "Africa/Cairo", "Europe/Helsinki", "Asia/Jerusalem", "Asia/Tehran", "Europe/Moscow",
         "America/Sao_Paulo", "Asia/Taipei"}


def epoch_ms(record):
    """The record's instant in epoch milliseconds, read as yir reads it (SPEC §1.2, §2.1)."""
    stamp = record["timestamp"]
    if isinstance(stamp, (int, float)):
        return int(stamp)
    text = stamp.replace(" ", "T")
    if text.endswith("Z"):
        text = text[:-1] + "+00:00"
    moment = datetime.fromisoformat(text)
    if moment.tzinfo is None:
        # Local time in the record's zone; fold=0 is the earlier of an ambiguous hour and
        # shifts a time in a DST gap forward, as yir does.
        moment = moment.replace(tzinfo=ZoneInfo(record["tz"]), fold=0)
        moment = moment.astimezone(timezone.utc)
    delta = moment - datetime(1970, 1, 1, tzinfo=timezone.utc)
    return delta.days * 86_400_000 + delta.seconds * 1000 + delta.microseconds // 1000  # fractions truncate


def domain(wiki):
    if "~" in wiki:
        parts = wiki.split("~")
        return f"{parts[1]}.{parts[0]}.org"
    if wiki.endswith("wiki") and "." not in wiki:
        return f"{wiki[:-4]}.wikipedia.org"
    return wiki


def milliseconds(seconds):
    return int(Decimal(str(seconds)).scaleb(3).quantize(Decimal(1), rounding=ROUND_HALF_UP))


def seconds_text(ms):
    return float(Decimal(ms).scaleb(-3)) if ms % 1000 else ms // 1000


def track_id(record, counter):
    """Sensors' numeric _track_id: the same for records with the same native id."""
    if record.get("id"):
        return int(hashlib.sha256(record["id"].encode()).hexdigest()[:12], 16)
    return counter


def uuid_for(record, counter):
    key = record.get("id") or f"event-{counter}"
    h = hashlib.sha256(key.encode()).hexdigest()
    return f"{h[:8]}-{h[8:12]}-4{h[13:16]}-a{h[17:20]}-{h[20:32]}"


def iso(ms):
    """`2025-03-04T12:34:56.250Z`; whole seconds as `…:56.0Z`, the way the schema's example is."""
    fraction = f"{ms % 1000:03d}" if ms % 1000 else "0"
    return datetime.fromtimestamp(ms // 1000, tz=timezone.utc).strftime("%Y-%m-%dT%H:%M:%S.") + fraction + "Z"


def install_id(user):
    """The app install id (a UUIDv4, as the schema requires) standing for a native reader."""
    h = hashlib.sha256(f"install:{user}".encode()).hexdigest()
    return f"{h[:8]}-{h[8:12]}-4{h[13:16]}-a{h[17:20]}-{h[20:32]}"


FAMILIES = {"wikipedia": "wiki", "wiktionary": "wiktionary", "wikibooks": "wikibooks", "wikinews": "wikinews",
            "wikiquote": "wikiquote", "wikisource": "wikisource", "wikiversity": "wikiversity", "wikivoyage": "wikivoyage"}
SPECIAL_DATABASES = {"commons.wikimedia.org": "commonswiki", "www.wikidata.org": "wikidatawiki",
                     "meta.wikimedia.org": "metawiki"}


def database(site):
    """MediaWiki's database name of a Wikimedia site (`enwiki`), None for other sites."""
    if site in SPECIAL_DATABASES:
        return SPECIAL_DATABASES[site]
    parts = site.split(".")
    if len(parts) == 3 and parts[2] == "org" and parts[1] in FAMILIES:
        return parts[0].replace("-", "_") + FAMILIES[parts[1]]
    return None


def context(**values):
    """`action_context`: a string of JSON, at most 8192 characters."""
    text = json.dumps(values, ensure_ascii=False, separators=(",", ":"))
    assert len(text) <= 8192
    return text


def sensors(records):
    clears = {}
    for r in records:
        if r["type"] == "history_cleared":
            clears[r.get("user", "default")] = max(clears.get(r.get("user", "default"), 0), epoch_ms(r))
    out = []
    for n, r in enumerate(records):
        user = r.get("user", "default")
        t = epoch_ms(r)
        properties = {"$lib": "Android", "$lib_version": "6.8.2", "$os": "Android", "$os_version": "14",
                      "$app_version": "2.7.50512", "$screen_width": 1080, "$screen_height": 2400}
        if r.get("tz"):
            properties["$time_zone"] = r["tz"]
        event = {"distinct_id": user, "_track_id": track_id(r, n)}
        if r["type"] in ("page_view", "session") and t < clears.get(user, -1):
            continue  # cleared on the device: not in the export
        if r["type"] == "page_view":
            if r.get("namespace", 0) != 0:
                continue
            if n % 7 == 0:
                properties["$screen_name"] = r["title"]  # some app versions send only the screen name
            else:
                properties["$title"] = r["title"]
            properties["$url"] = f"https://{domain(r['wiki'])}/wiki/{r['title'].replace(' ', '_')}"
            properties["event_duration"] = r["seconds"]
            event.update(time=t, event="$AppPageLeave", properties=properties)
        elif r["type"] == "session":
            ms = r["duration_ms"]
            out.append({"distinct_id": user, "_track_id": n * 1000 + 1, "time": t, "event": "$AppStart",
                        "properties": dict(properties, **{"$is_first_time": False, "$resume_from_background": n % 2 == 0})})
            properties["event_duration"] = seconds_text(ms)
            event.update(time=t + ms, event="$AppEnd", properties=properties)
        elif r["type"] == "saved_article":
            properties.update(title=r["title"], wiki=r["wiki"])
            for key in ("list", "thumbnail"):
                if key in r:
                    properties[key] = r[key]
            name = "UnsaveArticle" if r.get("action") == "unsave" else "SaveArticle"
            event.update(time=t, event=name, properties=properties)
            out.append({"distinct_id": user, "_track_id": n * 1000 + 2, "time": t, "event": "$AppClick",
                        "properties": dict(properties, **{"$element_content": "Save"})})
        else:
            continue  # history clears and notification settings: not in Sensors exports
        out.append(event)
    out.insert(len(out) // 2, {"distinct_id": "kiran", "time": "yesterday", "event": "$AppPageLeave"})
    return out


def metrics_platform(records):
    out = []
    for n, r in enumerate(records):
        t = epoch_ms(r)
        event = {"$schema": "/analytics/product_metrics/app/base/1.3.0",
                 "meta": {"stream": "app.reading_activity", "id": uuid_for(r, n)},
                 "agent": {"client_platform": "android", "client_platform_family": "app"},
                 "performer": {"is_logged_in": False}}
        if "user" in r:
            event["agent"] = {"app_install_id": install_id(r["user"]), **event["agent"]}
        if "locale" in r:
            event["agent"]["device_language"] = r["locale"]  # the app's language, as the native record has it
            # A reader's language preference: the profile's fallback for the app's language.
            event["performer"]["language_primary"] = r["locale"]
        if r["type"] == "page_view":
            event.update(dt=iso(t), action="page_view",
                         action_context=context(time_spent_ms=milliseconds(r["seconds"])),
                         page={"title": r["title"].replace(" ", "_"), "namespace_id": r.get("namespace", 0)})
            out.append({"$schema": event["$schema"], "dt": iso(t), "action": "impression", "action_source": "article",
                        "meta": {"stream": "app.reading_activity", "id": uuid_for({}, n * 1000 + 3),
                                 "dt": iso(t + 400), "domain": domain(r["wiki"])}, "agent": event["agent"]})
        elif r["type"] == "session":
            ms = r["duration_ms"]
            t += ms  # logged when the session ends
            event.update(dt=iso(t), action="session_end", action_context=context(session_length_ms=ms))
        elif r["type"] == "saved_article":
            event.update(dt=iso(t), action="unsave_article" if r.get("action") == "unsave" else "save_article",
                         page={"title": r["title"].replace(" ", "_"), "namespace_id": 0})
            if "list" in r or "thumbnail" in r:
                event["action_context"] = context(**{k: r[k] for k in ("list", "thumbnail") if k in r})
        elif r["type"] == "history_cleared":
            event.update(dt=iso(t), action="clear_history")
        else:
            event.update(dt=iso(t), action="notification_subscribe" if r["enabled"] else "notification_unsubscribe",
                         action_subtype=r["key"])
        # Received a little after it happened; yir reads `dt`.
        event["meta"]["dt"] = iso(t + 1500)
        if "page" in event:
            event["meta"]["domain"] = domain(r["wiki"])
            if database(domain(r["wiki"])):
                event["mediawiki"] = {"database": database(domain(r["wiki"]))}
        out.append(event)
    # Valid by the schema, but its action_context is not JSON: rejected (invalid_json).
    out.insert(len(out) // 3, {"$schema": "/analytics/product_metrics/app/base/1.3.0", "dt": "2025-05-05T10:00:00.0Z",
                                "action": "page_view", "action_context": "time_spent_ms=5",
                                "meta": {"stream": "app.reading_activity", "id": "broken", "dt": "2025-05-05T10:00:01.5Z",
                                         "domain": "en.wikipedia.org"},
                                "agent": {"app_install_id": install_id("broken"), "client_platform": "android",
                                          "client_platform_family": "app"},
                                "page": {"title": "Moon", "namespace_id": 0}, "mediawiki": {"database": "enwiki"}})
    return out


def write(name, events):
    with open(os.path.join(HERE, name), "w", encoding="utf-8", newline="\n") as f:
        for e in events:
            f.write(json.dumps(e, ensure_ascii=False, separators=(",", ":")) + "\n")


if __name__ == "__main__":
    records = list(native_records())
    write("sensors.jsonl", sensors(records))
    write("metrics-platform.jsonl", metrics_platform(records))
