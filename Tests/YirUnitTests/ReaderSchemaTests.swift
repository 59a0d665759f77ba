import Foundation
import Testing
import YirReport
import YirTestSupport

/// The published schemas describe the reader object that the writers write: both are made
/// from one declaration of its fields (`ReaderFields`). After an intended change to the
/// fields, `YIR_WRITE_SCHEMAS=1` rewrites the schemas' reader part, and the diff is reviewed.
@Suite struct ReaderSchemaTests {
    @Test(.needs(.python3)) func theSchemasReaderPartIsWhatTheFieldTableMakes() throws {
        let folder = scratchFolder()
        let json = folder.appendingPathComponent("reader.schema.json")
        let xsd = folder.appendingPathComponent("reader.xsd")
        try Data(ReaderSchemas.jsonSchema().utf8).write(to: json)
        try Data(ReaderSchemas.xsdType().utf8).write(to: xsd)
        let write = ProcessInfo.processInfo.environment["YIR_WRITE_SCHEMAS"] == "1"
        let r = try runProgram(
            URL(fileURLWithPath: "/usr/bin/env"),
            [
                "python3", packageRoot.appendingPathComponent("Tests/reader_schemas.py").path,
                write ? "write" : "check", json.path, xsd.path, packageRoot.appendingPathComponent("Templates").path,
            ])
        #expect(r.status == 0, "\(r.stdoutText)\(r.stderr)")
    }

    @Test func csvColumnsAreTheFieldTablesInItsOrder() {
        let columns = CSVReport.columns
        #expect(columns.first == "user" && columns.last == "rank_top_percent")
        #expect(Set(columns).count == columns.count, "a column name twice: \(columns)")
        #expect(
            columns.contains("rabbit_hole_first_wiki") && columns.contains("pattern_hour")
                && !columns.contains("top_articles"))
    }
}
