import Foundation
import Testing
import YirTestSupport
@testable import YirCore
@testable import YirIngest

/// SPEC §3: mapping profiles. A profile is data; mapped lines go through the native rules.
@Suite(.needs(.yir), .tier(.test)) struct ProfileEndToEndTests {
    let cli = YirCommand()
    static let asOf = ["--as-of", "2025-12-31T12:00:00Z"]

    /// The `readers` of `yir stats --format json`, by user, and the whole document.
    func stats(_ arguments: [String]) throws -> (readers: [String: [String: Any]], document: [String: Any]) {
        let r = try cli.yir(["stats"] + arguments + Self.asOf + ["--format", "json", "--quiet"], in: packageRoot)
        #expect(r.status == 0, "\(r.stderr)")
        let document = try #require(try JSONSerialization.jsonObject(with: r.stdout) as? [String: Any])
        let readers = try #require(document["readers"] as? [[String: Any]])
        return (Dictionary(uniqueKeysWithValues: readers.map { ($0["user"] as! String, $0) }), document)
    }

    /// What the other apps' formats cannot hold (SPEC §1.2 v3): what articles are about and
    /// where, their images and edits. SampleData's native page views carry them; its profile
    /// exports cannot.
    static let nativeOnly: Set<String> = ["categories", "topics", "places", "edits"]

    /// A reader's figures without what only native exports carry: the figures above, and the
    /// top articles' thumbnails.
    static func withoutNativeOnly(_ reader: [String: Any]) -> [String: Any] {
        func plain(_ article: Any?) -> Any? {
            guard var article = article as? [String: Any] else { return article }
            article["thumbnail"] = nil
            return article
        }
        var reader = reader.filter { !nativeOnly.contains($0.key) }
        reader["top_article"] = plain(reader["top_article"])
        reader["top_articles"] = (reader["top_articles"] as? [Any])?.compactMap(plain)
        return reader
    }

    func expectSameReaders(
        _ native: [String: [String: Any]], _ mapped: [String: [String: Any]], except: Set<String> = []
    ) {
        #expect(native.keys.sorted() == mapped.keys.sorted())
        for (user, reader) in native {
            let a = Self.withoutNativeOnly(reader).filter { !except.contains($0.key) }
            let b = Self.withoutNativeOnly(mapped[user] ?? [:]).filter { !except.contains($0.key) }
            #expect(NSDictionary(dictionary: a) == NSDictionary(dictionary: b), "\(user) differs")
        }
    }

    @Test(.needs(.testPython)) func sensorsExportGivesTheNativeExportsReaderFigures() throws {
        let native = try stats(["SampleData/wikipedia"])
        let sensors = try stats(["SampleData/profiles/sensors.jsonl", "--profile", "sensors"])
        // Sensors exports carry no notification settings, no history clears (SampleData/profiles/
        // generate.py leaves out the views a clear removed, so only `coverage` tells) and no app
        // language: a reader's language comes from the wiki they read most (`pt`, not `pt-BR`).
        expectSameReaders(native.readers, sensors.readers, except: ["notifications", "coverage", "locale"])
        let cohort = { (document: [String: Any]) in
            (document["cohort"] as! [String: Any]).filter { !Self.nativeOnly.contains($0.key) }
        }
        #expect(NSDictionary(dictionary: cohort(native.document)) == NSDictionary(dictionary: cohort(sensors.document)))
        let parameters = try #require(sensors.document["parameters"] as? [String: Any])
        #expect(parameters["profile"] as? String == "sensors")
        let diagnostics = try #require(sensors.document["diagnostics"] as? [String: Any])
        #expect((diagnostics["ignored"] as? Int ?? 0) > 1000, "$AppStart and $AppClick are ignored, not rejected")
    }

    /// The app install ids that stand for native readers in SampleData/profiles/
    /// metrics-platform.jsonl, as the generator itself gives them (`install_id`).
    static func installIDs(_ users: [String]) throws -> [String: String] {
        let script =
            "import json, sys; sys.path.insert(0, sys.argv[1]); from generate import install_id; "
            + "print(json.dumps({u: install_id(u) for u in json.load(sys.stdin)}))"
        let r = try runProgram(
            URL(fileURLWithPath: Tools.python),
            ["-c", script, packageRoot.appendingPathComponent("SampleData/profiles").path],
            stdin: try JSONSerialization.data(withJSONObject: users))
        try #require(r.status == 0, "\(r.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: r.stdout) as? [String: String])
    }

    @Test(.needs(.testPython)) func metricsPlatformExportGivesTheNativeExportsReaderFigures() throws {
        // Metrics Platform events carry no zone: both runs use one.
        let native = try stats(["SampleData/wikipedia", "--tz", "UTC"])
        let mapped = try stats([
            "SampleData/profiles/metrics-platform.jsonl", "--profile", "metrics-platform", "--tz", "UTC",
        ])
        // Each reader is an app install there; "default" (records without a user) has none. The
        // deck names (`slides`) are made from the reader's name, so they differ too.
        let installs = try Self.installIDs(native.readers.keys.filter { $0 != "default" })
        let byInstall = Dictionary(uniqueKeysWithValues: installs.map { ($0.value, $0.key) })
        let renamed = Dictionary(uniqueKeysWithValues: mapped.readers.map { (byInstall[$0.key] ?? $0.key, $0.value) })
        expectSameReaders(native.readers, renamed, except: ["user", "slides"])
        let diagnostics = try #require(mapped.document["diagnostics"] as? [String: Any])
        let nativeDiagnostics = try #require(native.document["diagnostics"] as? [String: Any])
        for key in ["cleared", "excluded_page", "implausible_duration", "duplicates", "dropped_thumbnails"] {
            #expect(NSObject.equal(diagnostics[key], nativeDiagnostics[key]), "\(key)")
        }
        var nativeAccepted = try #require(nativeDiagnostics["accepted"] as? [String: Int])
        nativeAccepted["edit"] = 0  // edits are in no other app's format
        #expect(diagnostics["accepted"] as? [String: Int] == nativeAccepted)
        #expect(
            (diagnostics["rejected"] as? [String: Int]) == ["invalid_json": 1],
            "the one line whose action_context is not JSON")
    }

    /// Runs a validator script of Tests/ on JSON Lines; its status and what it printed.
    func validateEvents(_ files: [String]) throws -> (Int32, String) {
        let r = try runProgram(
            URL(fileURLWithPath: Tools.python),
            [
                packageRoot.appendingPathComponent("Tests/validate_events.py").path,
                packageRoot.appendingPathComponent("Tests/Schemas/metrics-platform-app-base-1.3.0.json").path,
            ] + files)
        return (r.status, r.stdoutText + r.stderr)
    }

    /// Every event of the sample is valid by the Metrics Platform app schema (1.3.0), as the
    /// real apps' events are; an event shaped as the profile once expected (an object for
    /// `action_context`, a name for the install id, no `meta.dt`) is not.
    @Test(.needs(.jsonschema)) func metricsPlatformSampleEventsAreValidByTheRealSchema() throws {
        let (status, text) = try validateEvents([
            packageRoot.appendingPathComponent("SampleData/profiles/metrics-platform.jsonl").path
        ])
        #expect(status == 0, "\(text)")
        let old =
            #"{"$schema":"/analytics/product_metrics/app/base/1.3.0","meta":{"stream":"s","id":"x"},"agent":{"app_install_id":"ana"},"dt":"2024-12-21T17:28:52.000Z","action":"page_view","action_context":{"time_spent_ms":55938},"page":{"title":"Marie Curie","namespace_id":0}}"#
        let (bad, errors) = try validateEvents([try cli.file([old])])
        #expect(
            bad != 0 && errors.contains("action_context") && errors.contains("app_install_id")
                && errors.contains("'dt'"), "\(errors)")
    }

    /// Schema-valid events for every action of the profile's table — a logged-in reader's, so
    /// the reader is `performer.id`, a number — give the reader figures of the same records
    /// written natively.
    @Test(.needs(.jsonschema)) func metricsPlatformEventsForEveryActionGiveTheNativeFigures() throws {
        func event(_ dt: String, _ action: String, _ more: String) -> String {
            #"{"$schema":"/analytics/product_metrics/app/base/1.3.0","dt":"\#(dt)","action":"\#(action)","meta":{"stream":"app.reading_activity","id":"\#(action)-\#(dt)","dt":"\#(dt)","domain":"de.wikipedia.org"},"agent":{"client_platform":"ios","client_platform_family":"app","device_language":"de"},"performer":{"id":4711,"is_logged_in":true,"language_primary":"de"}\#(more)}"#
        }
        let page = #","page":{"title":"Ada_Lovelace","namespace_id":0},"mediawiki":{"database":"dewiki"}"#
        let events = [
            event("2025-03-01T10:00:00.0Z", "page_view", page + #","action_context":"{\"time_spent_ms\":61500}""#),
            event(
                "2025-03-02T10:00:00.25Z", "page_view",
                #","page":{"title":"Kurt_Gödel","namespace_id":0},"mediawiki":{"database":"dewiki"},"action_context":"{\"time_spent_ms\":1000,\"scroll\":{\"depth\":0.5}}""#
            ),
            event(
                "2025-03-03T09:00:00.0Z", "page_view",
                #","page":{"title":"Diskussion","namespace_id":1},"mediawiki":{"database":"dewiki"},"action_context":"{\"time_spent_ms\":5000}""#
            ),
            event("2025-03-04T09:30:00.0Z", "session_end", #","action_context":"{\"session_length_ms\":1800000}""#),
            event(
                "2025-04-01T08:00:00.0Z", "save_article",
                page + #","action_context":"{\"list\":\"Lesen\",\"thumbnail\":\"https://upload.wikimedia.org/a.jpg\"}""#
            ),
            event(
                "2025-04-02T08:00:00.0Z", "save_article",
                #","page":{"title":"Emmy_Noether","namespace_id":0},"mediawiki":{"database":"dewiki"}"#),
            event("2025-04-03T08:00:00.0Z", "unsave_article", page),
            event("2025-02-01T08:00:00.0Z", "clear_history", ""),
            event(
                "2025-05-01T08:00:00.0Z", "notification_subscribe",
                #","action_subtype":"echo-subscriptions-push-thank""#),
            event(
                "2025-05-02T08:00:00.0Z", "notification_unsubscribe",
                #","action_subtype":"echo-subscriptions-push-mention""#),
            event("2025-05-03T08:00:00.0Z", "impression", #","action_source":"feed""#),
        ]
        let native = [
            #"{"type":"page_view","user":"4711","timestamp":"2025-03-01T10:00:00Z","id":"page_view-2025-03-01T10:00:00.0Z","wiki":"de.wikipedia.org","title":"Ada Lovelace","namespace":0,"seconds":61.5}"#,
            #"{"type":"page_view","user":"4711","timestamp":"2025-03-02T10:00:00.250Z","id":"x2","wiki":"dewiki","title":"Kurt Gödel","seconds":1}"#,
            #"{"type":"page_view","user":"4711","timestamp":"2025-03-03T09:00:00Z","wiki":"dewiki","title":"Diskussion","namespace":1,"seconds":5}"#,
            #"{"type":"session","user":"4711","timestamp":"2025-03-04T09:00:00Z","duration_ms":1800000}"#,
            #"{"type":"saved_article","user":"4711","timestamp":"2025-04-01T08:00:00Z","wiki":"dewiki","title":"Ada Lovelace","list":"Lesen","thumbnail":"https://upload.wikimedia.org/a.jpg"}"#,
            #"{"type":"saved_article","user":"4711","timestamp":"2025-04-02T08:00:00Z","wiki":"dewiki","title":"Emmy Noether"}"#,
            #"{"type":"saved_article","user":"4711","timestamp":"2025-04-03T08:00:00Z","wiki":"dewiki","title":"Ada Lovelace","action":"unsave"}"#,
            #"{"type":"history_cleared","user":"4711","timestamp":"2025-02-01T08:00:00Z"}"#,
            #"{"type":"notification_subscription","user":"4711","timestamp":"2025-05-01T08:00:00Z","key":"echo-subscriptions-push-thank","enabled":true}"#,
            #"{"type":"notification_subscription","user":"4711","timestamp":"2025-05-02T08:00:00Z","key":"echo-subscriptions-push-mention","enabled":false}"#,
        ]
        let eventsFile = try cli.file(events)
        let (status, errors) = try validateEvents([eventsFile])
        #expect(status == 0, "the events are valid by the schema: \(errors)")
        let mapped = try stats([eventsFile, "--profile", "metrics-platform", "--tz", "Europe/Berlin"])
        let expected = try stats([try cli.file(native), "--tz", "Europe/Berlin"])
        expectSameReaders(expected.readers, mapped.readers)
        let reader = try #require(mapped.readers["4711"])
        #expect((reader["reading"] as? [String: Any])?["seconds"] as? Double == 62.5)
        #expect((reader["app_time"] as? [String: Any])?["sessions"] as? Int == 1)
        #expect((reader["saved"] as? [String: Any]).flatMap { ($0["year"] as? [String: Any])?["count"] as? Int } == 1)
        #expect((mapped.document["diagnostics"] as? [String: Any])?["ignored"] as? Int == 1)
    }

    /// SPEC §3: the app's language is `agent.device_language`; without it, the reader's own
    /// preference, `performer.language_primary`.
    @Test func aReadersLanguagePreferenceStandsInForTheAppsLanguage() throws {
        func event(_ user: String, agent: String, performer: String) -> String {
            #"{"dt":"2025-03-01T10:00:00Z","action":"page_view","meta":{"id":"\#(user)","domain":"de.wikipedia.org"},"agent":{"app_install_id":"\#(user)"\#(agent)},"performer":{"is_logged_in":true\#(performer)},"page":{"title":"Ada_Lovelace","namespace_id":0},"action_context":"{\"time_spent_ms\":1000}"}"#
        }
        let mapped = try stats([
            try cli.file([
                event("both", agent: #","device_language":"fr""#, performer: #","language_primary":"ja""#),
                event("preference", agent: "", performer: #","language_primary":"zh-hant""#),
                event("neither", agent: "", performer: ""),
            ]), "--profile", "metrics-platform", "--tz", "UTC",
        ])
        #expect(mapped.readers["both"]?["locale"] as? String == "fr")
        #expect(mapped.readers["preference"]?["locale"] as? String == "zh-Hant")
        #expect(mapped.readers["neither"]?["locale"] as? String == "de", "the wiki read most")
    }

    /// A field inside `action_context` that cannot be read rejects the line, each for its own
    /// reason: not JSON, JSON but not an object, not a string at all, or without the value.
    @Test(arguments: [
        (#""time_spent_ms=5""#, "invalid_json"), (#""{\"time_spent_ms\":5""#, "invalid_json"),
        (#""[5]""#, "not_an_object"), (#"{"time_spent_ms":5}"#, "wrong_type"), (#"5"#, "wrong_type"),
        (#""{\"seconds\":5}""#, "missing_field"), (#""{\"time_spent_ms\":\"5\"}""#, "wrong_type"),
        (#""{\"time_spent_ms\":-5}""#, "negative_duration"),
    ])
    func anActionContextThatCannotBeReadRejectsTheLine(context: String, reason: String) throws {
        let line =
            #"{"$schema":"/analytics/product_metrics/app/base/1.3.0","dt":"2025-03-01T10:00:00.0Z","action":"page_view","meta":{"stream":"s","dt":"2025-03-01T10:00:00.0Z"},"agent":{},"page":{"title":"X","namespace_id":0},"mediawiki":{"database":"enwiki"},"action_context":\#(context)}"#
        let rejects = scratchFolder().appendingPathComponent("rejects.jsonl")
        let r = try cli.yir(
            [
                "check", try cli.file([line]), "--profile", "metrics-platform", "--max-reject-rate", "1",
                "--rejects", rejects.path,
            ] + Self.asOf)
        #expect(r.status == 0, "\(r.stderr)")
        let rejected = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: rejects)) as? [String: Any])
        #expect(rejected["reason"] as? String == reason)
        #expect(rejected["text"] as? String == line)
    }

    /// A `parse` path can go on through objects and into a string of JSON inside another, and
    /// `when` can test a value inside one; escapes in the string are JSON's.
    @Test func pathsReadInsideParsedStringsOfJSON() throws {
        let profile =
            #"{"name":"nested","parse":{"c":"json","c.d.e":"json"},"records":[{"type":"page_view","when":{"path":"c.kind","equals":"read"},"fields":{"timestamp":"t","wiki":{"value":"w.org"},"title":"c.d.title","seconds":{"path":"c.d.e.ms","unit":"milliseconds"}}}]}"#
        let profileFile = scratchFolder().appendingPathComponent("nested.json")
        try Data(profile.utf8).write(to: profileFile)
        let lines = [
            #"{"t":"2025-05-01T10:00:00Z","c":"{\"kind\":\"read\",\"d\":{\"title\":\"Caf\\u00e9 \\\"X\\\"\",\"e\":\"{\\\"ms\\\":1500}\"}}"}"#,
            #"{"t":"2025-05-01T10:00:00Z","c":"{\"kind\":\"skip\"}"}"#,
        ]
        let (readers, document) = try stats([try cli.file(lines), "--profile", profileFile.path])
        let top = try #require(readers["default"]?["top_article"] as? [String: Any])
        #expect(top["title"] as? String == "Café \"X\"" && top["seconds"] as? Double == 1.5)
        #expect((document["diagnostics"] as? [String: Any])?["ignored"] as? Int == 1)
    }

    /// Events the table does not map are ignored whatever their `action_context` holds.
    @Test func anIgnoredEventsActionContextIsNotRead() throws {
        let line =
            #"{"dt":"2025-03-01T10:00:00.0Z","action":"click","action_context":"not JSON","meta":{"stream":"s","dt":"2025-03-01T10:00:00.0Z"},"agent":{}}"#
        let (_, document) = try stats([try cli.file([line]), "--profile", "metrics-platform"])
        let d = try #require(document["diagnostics"] as? [String: Any])
        #expect(d["ignored"] as? Int == 1 && d["rejected_total"] as? Int == 0)
    }

    /// SPEC §4.5 (v4) through the profiles: a control character in what becomes a text member
    /// rejects the mapped line as it does a native one — a URL whose host becomes the site
    /// included, though the host alone would hold none (decision 126).
    @Test func aControlCharacterInWhatATextMemberIsMadeOfRejectsTheMappedLine() throws {
        func sensors(
            user: String = "a", title: String = "X", url: String = "https://en.wikipedia.org/wiki/X",
            zone: String = "Europe/Berlin"
        ) -> String {
            #"{"distinct_id":"\#(user)","time":1741087800000,"event":"$AppPageLeave","properties":{"$title":"\#(title)","$url":"\#(url)","$time_zone":"\#(zone)","event_duration":5}}"#
        }
        func platform(language: String = "de", context: String = #"{\"time_spent_ms\":5}"#) -> String {
            #"{"dt":"2025-03-01T10:00:00Z","action":"save_article","agent":{"app_install_id":"a","device_language":"\#(language)"},"page":{"title":"X","namespace_id":0},"mediawiki":{"database":"dewiki"},"action_context":"\#(context)"}"#
        }
        for (lines, profile) in [
            (
                [
                    sensors(), sensors(user: #"a\u0000"#), sensors(title: "X\u{7F}"),
                    sensors(url: #"https://en.wikipedia.org/wiki/X\n"#),
                    sensors(url: #"https://en.wiki\u0007pedia.org/wiki/X"#), sensors(zone: #"Europe/Berlin\t"#),
                ], "sensors"
            ),
            (
                [
                    platform(), platform(language: #"de\u001b"#),
                    platform(context: #"{\"thumbnail\":\"https://x.org/a\\u007f.jpg\"}"#),
                ],
                "metrics-platform"
            ),
        ] {
            let (_, document) = try stats([try cli.file(lines), "--profile", profile, "--max-reject-rate", "1"])
            let d = try #require(document["diagnostics"] as? [String: Any])
            #expect((d["rejected"] as? [String: Int]) == ["control_character": lines.count - 1], "\(profile)")
            #expect(d["rejected_total"] as? Int == lines.count - 1)
        }
    }

    @Test func ignoredEventsAreCountedAndLinesStillAddUp() throws {
        let lines = [
            #"{"distinct_id":"a","time":1741087800000,"event":"$AppPageLeave","properties":{"$title":"X","event_duration":5}}"#,
            #"{"distinct_id":"a","time":1741087800000,"event":"$AppStart","properties":{}}"#,
            #"{"distinct_id":"a","time":1741087800000,"properties":{}}"#,
            #"["not an object"]"#,
        ]
        let (_, document) = try stats([try cli.file(lines), "--profile", "sensors", "--max-reject-rate", "1"])
        let d = try #require(document["diagnostics"] as? [String: Any])
        #expect(d["lines"] as? Int == 4)
        #expect(d["ignored"] as? Int == 2, "an unknown event and a line without one")
        #expect(d["rejected_total"] as? Int == 1 && d["duplicates"] as? Int == 0)
        #expect((d["accepted"] as? [String: Int])?["page_view"] == 1)
    }

    @Test func theDurationRuleAppliesAfterMapping() throws {
        let lines = [
            #"{"distinct_id":"a","time":1741087800000,"event":"$AppPageLeave","properties":{"$title":"X","$url":"https://en.wikipedia.org/wiki/X","event_duration":90000}}"#,
            #"{"distinct_id":"a","time":1741087800000,"event":"$AppEnd","properties":{"event_duration":-3}}"#,
        ]
        let r = try cli.yir(
            [
                "stats", try cli.file(lines), "--profile", "sensors", "--max-reject-rate", "1",
                "--rejects", scratchFolder().appendingPathComponent("r.jsonl").path,
            ] + Self.asOf)
        let document = try #require(try JSONSerialization.jsonObject(with: r.stdout) as? [String: Any])
        let d = try #require(document["diagnostics"] as? [String: Any])
        #expect(d["implausible_duration"] as? Int == 1, "more than 24 h counts with 0 s")
        #expect((d["rejected"] as? [String: Int]) == ["negative_duration": 1])
    }

    @Test func rejectedLinesAreReportedAsTheInputHasThem() throws {
        let bad =
            #"{"distinct_id":"a","time":"soon","event":"$AppPageLeave","properties":{"$title":"X","event_duration":1}}"#
        let rejects = scratchFolder().appendingPathComponent("rejects.jsonl")
        let r = try cli.yir(
            [
                "check", try cli.file([bad]), "--profile", "sensors", "--max-reject-rate", "1",
                "--rejects", rejects.path,
            ] + Self.asOf)
        #expect(r.status == 0, "\(r.stderr)")
        let line = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: rejects)) as? [String: Any])
        #expect(line["reason"] as? String == "invalid_timestamp")
        #expect(line["text"] as? String == bad)
    }

    /// A made-up app's export and a profile written for it: no code changes.
    @Test func aCustomProfileForAMadeUpAppWorks() throws {
        let profile = #"""
            {
              "name": "leafy",
              "records": [
                {"type": "page_view", "when": {"path": "kind", "equals": ["read"]},
                 "fields": {"user": {"path": "who.uid", "transform": "text"}, "timestamp": {"path": "at", "unit": "seconds"},
                            "tz": "who.zone", "wiki": {"path": "doc.link", "transform": "host"}, "title": "doc.name",
                            "seconds": {"path": "ms", "unit": "milliseconds"}, "namespace": {"default": 0}}},
                {"type": "session", "when": {"path": "kind", "equals": ["app_closed"]},
                 "fields": {"user": {"path": "who.uid", "transform": "text"},
                            "timestamp": {"path": "at", "unit": "seconds", "minus": {"path": "open_for", "unit": "seconds"}},
                            "duration_ms": {"path": "open_for", "unit": "seconds"}}},
                {"type": "saved_article", "when": {"path": "kind", "equals": ["pin", "unpin"]},
                 "fields": {"user": {"path": "who.uid", "transform": "text"}, "timestamp": {"path": "at", "unit": "seconds"},
                            "wiki": {"value": "leafy.example"}, "title": "doc.name",
                            "action": {"path": "kind", "map": {"pin": "save", "unpin": "unsave"}}}}
              ]
            }
            """#
        let profileFile = scratchFolder().appendingPathComponent("leafy.json")
        try Data(profile.utf8).write(to: profileFile)
        let lines = [
            // 2025-03-30 00:30 UTC = 01:30 in Berlin, just before the clocks go forward.
            #"{"kind":"read","at":1743294600,"who":{"uid":42,"zone":"Europe/Berlin"},"doc":{"name":"Tree_\"Oak\"","link":"HTTPS://De.Wikipedia.org:443/wiki/Eiche?x=1"},"ms":61500}"#,
            #"{"kind":"read","at":1743298200.25,"who":{"uid":42},"doc":{"name":"Tree \"Oak\"","link":"https://de.wikipedia.org/wiki/Eiche"},"ms":1000}"#,
            #"{"kind":"app_closed","at":1743300000,"who":{"uid":42},"open_for":1800.5}"#,
            #"{"kind":"pin","at":1766000000,"who":{"uid":42},"doc":{"name":"Birch"}}"#,
            #"{"kind":"unpin","at":1766000100,"who":{"uid":42},"doc":{"name":"Birch"}}"#,
            #"{"kind":"pin","at":1766000200,"who":{"uid":42},"doc":{"name":"Pine"}}"#,
            #"{"kind":"yawn","at":1766000200,"who":{"uid":42}}"#,
        ]
        let (readers, document) = try stats([try cli.file(lines), "--profile", profileFile.path])
        #expect((document["parameters"] as? [String: Any])?["profile"] as? String == "leafy")
        let reader = try #require(readers["42"])
        #expect(reader["time_zone"] as? String == "Europe/Berlin")
        let reading = try #require(reader["reading"] as? [String: Any])
        #expect(reading["seconds"] as? Double == 62.5 && reading["articles"] as? Int == 1)
        let top = try #require(reader["top_article"] as? [String: Any])
        #expect(top["wiki"] as? String == "de.wikipedia.org" && top["title"] as? String == "Tree \"Oak\"")
        #expect(top["first_viewed"] as? String == "2025-03-30T01:30:00+01:00")
        #expect(top["last_viewed"] as? String == "2025-03-30T03:30:00.250+02:00")
        let app = try #require(reader["app_time"] as? [String: Any])
        #expect(app["seconds"] as? Double == 1800.5)
        let saved = try #require(reader["saved"] as? [String: Any])
        #expect((saved["year"] as? [String: Any])?["count"] as? Int == 1, "Birch unpinned, Pine pinned")
        #expect((document["diagnostics"] as? [String: Any])?["ignored"] as? Int == 1)
    }

    /// A time in seconds is cut towards the past to the millisecond, as a native one is: the
    /// last instant of 2024 stays in 2024 (out of the 2025 window), here and at a session's
    /// end before `minus`.
    @Test func aProfilesTimeInSecondsIsCutTowardsThePast() throws {
        let profile =
            #"{"name":"secs","records":[{"type":"page_view","when":{"path":"k","equals":"v"},"fields":{"timestamp":{"path":"at","unit":"seconds"},"wiki":{"value":"w.org"},"title":"t","seconds":{"value":1}}},{"type":"session","when":{"path":"k","equals":"s"},"fields":{"timestamp":{"path":"at","unit":"seconds","minus":{"path":"d","unit":"seconds"}},"duration_ms":{"path":"d","unit":"seconds"}}}]}"#
        let profileFile = scratchFolder().appendingPathComponent("secs.json")
        try Data(profile.utf8).write(to: profileFile)
        let lines = [
            #"{"k":"v","at":1735689599.9996,"t":"Old"}"#, #"{"k":"v","at":1735689600.0004,"t":"New"}"#,
            #"{"k":"s","at":1735689600.0019,"d":0.002}"#,
        ]
        let (readers, document) = try stats([try cli.file(lines), "--profile", profileFile.path, "--tz", "UTC"])
        #expect(
            (document["diagnostics"] as? [String: Any])?["outside_window"] as? Int == 2,
            "the view and the session of 2024")
        let top = try #require(readers["default"]?["top_article"] as? [String: Any])
        #expect(top["title"] as? String == "New" && top["first_viewed"] as? String == "2025-01-01T00:00:00Z")
    }

    /// Through a profile: the IPv6 literal is the site, the port and user are not.
    @Test func aProfilesHostTransformKeepsAnIPv6LiteralWhole() throws {
        let profile =
            #"{"name":"hosts","records":[{"type":"page_view","fields":{"user":"u","timestamp":"t","title":"t2","seconds":"s","wiki":{"path":"url","transform":"host","default":"app"}}}]}"#
        let profileFile = scratchFolder().appendingPathComponent("hosts.json")
        try Data(profile.utf8).write(to: profileFile)
        let lines = [
            #"{"u":"a","t":"2025-05-01T10:00:00Z","t2":"X","s":1,"url":"http://[2001:db8::1]:8443/wiki/X"}"#,
            #"{"u":"a","t":"2025-05-01T10:01:00Z","t2":"Y","s":1,"url":"HTTP://reader@[2001:DB8::1]/wiki/Y"}"#,
            #"{"u":"a","t":"2025-05-01T10:02:00Z","t2":"Z","s":1,"url":"https:///wiki/Z"}"#,
        ]
        let (readers, _) = try stats([try cli.file(lines), "--profile", profileFile.path, "--top", "5"])
        let top = try #require(readers["a"]?["top_articles"] as? [[String: Any]])
        #expect(Set(top.map { "\($0["wiki"]!) \($0["title"]!)" }) == ["[2001:db8::1] X", "[2001:db8::1] Y", "app Z"])
    }

    @Test func badProfilesAreUsageErrorsThatSayWhere() throws {
        let cases: [(String, String)] = [
            (#"{"name":"x","records":[{"type":"page_vue","fields":{}}]}"#, "records[0].type"),
            (#"{"name":"x","records":[{"type":"page_view","fields":{"sekonds":"a"}}]}"#, "records[0].fields.sekonds"),
            (
                #"{"name":"x","records":[{"type":"page_view","fields":{"title":{"path":"a..b"}}}]}"#,
                "records[0].fields.title.path"
            ),
            (
                #"{"name":"x","records":[{"type":"page_view","fields":{"title":{"unit":"seconds","path":"a"}}}]}"#,
                "records[0].fields.title.unit"
            ),
            (#"{"name":"x","records":[]}"#, "\"records\""),
            (#"{"name":"x","parse":{"a":"xml"},"records":[{"type":"history_cleared","fields":{}}]}"#, "parse.a"),
            (#"{"name":"x","parse":["a"],"records":[{"type":"history_cleared","fields":{}}]}"#, "\"parse\""),
            ("not json", "not a JSON object"),
        ]
        for (text, place) in cases {
            let file = scratchFolder().appendingPathComponent("p.json")
            try Data(text.utf8).write(to: file)
            let r = try cli.yir(["check", try cli.file([]), "--profile", file.path] + Self.asOf)
            #expect(r.status == 64, "\(text)")
            #expect(r.stderr.contains(place), "\(r.stderr)")
        }
        let unknown = try cli.yir(["check", try cli.file([]), "--profile", "splunk"] + Self.asOf)
        #expect(unknown.status == 64 && unknown.stderr.contains("metrics-platform, sensors"), "\(unknown.stderr)")
    }

    @Test(.needs(.jsonschema)) func builtInProfilesMatchTheProfileSchema() throws {
        let profiles = packageRoot.appendingPathComponent("Templates/profiles")
        let files = try FileManager.default.contentsOfDirectory(atPath: profiles.path).filter { $0.hasSuffix(".json") }
            .sorted()
        #expect(files == ["metrics-platform.json", "sensors.json"])
        let r = try runProgram(
            URL(fileURLWithPath: Tools.python),
            [
                packageRoot.appendingPathComponent("Tests/validate_schema.py").path,
                packageRoot.appendingPathComponent("Templates/profile.schema.json").path,
            ]
                + files.flatMap { ["--json", profiles.appendingPathComponent($0).path] })
        #expect(r.status == 0, "\(r.stdoutText)\(r.stderr)")
        // The schema is not a rubber stamp: a rule without fields fails it.
        let broken = scratchFolder().appendingPathComponent("broken.json")
        try Data(#"{"name":"x","records":[{"type":"page_view"}]}"#.utf8).write(to: broken)
        let bad = try runProgram(
            URL(fileURLWithPath: Tools.python),
            [
                packageRoot.appendingPathComponent("Tests/validate_schema.py").path,
                packageRoot.appendingPathComponent("Templates/profile.schema.json").path, "--json", broken.path,
            ])
        #expect(bad.status != 0)
    }
}

extension NSObject {
    /// Equality of two JSON values as JSONSerialization returns them.
    static func equal(_ a: Any?, _ b: Any?) -> Bool {
        switch (a, b) {
        case (nil, nil): true
        case let (a as NSObject, b as NSObject): a.isEqual(b)
        default: false
        }
    }
}
