import ArgumentParser
import YirCore
import YirIngest
import YirPipeline

extension RunOptions {
    /// The run's parameters, built once for every stage: bad option values are usage errors
    /// (64). `outputs`: what the command will write, so that the statistics keep what those need.
    func parameters(outputs: [Output], allowEmpty: Bool = false) throws -> RunParameters {
        let mapping = try mappingProfile()
        let templates = try TemplateLayers.files(process.templates, logger: process.makeLogger())
        do {
            return try RunParameters(
                self, outputs: outputs, allowEmpty: allowEmpty, templates: templates, mapping: mapping,
                zones: ZoneCatalog())
        } catch {
            throw ValidationError(error.description)
        }
    }

    /// SPEC §3: nil for the native `wikipedia` format; else a file (a path, or a name ending in
    /// `.json`), or a built-in profile in the templates' `profiles/` folder. Problems are
    /// usage errors (64), with the profile's path and the place in it.
    func mappingProfile() throws -> MappingProfile? {
        if profile == "wikipedia" { return nil }
        do {
            if profile.contains("/") || profile.hasSuffix(".json") {
                return try MappingProfile.load(path: profile)
            }
            let files = try TemplateLayers.files(process.templates)
            guard let file = files.file("profiles/\(profile).json") else {
                let known = files.files(in: "profiles", suffix: ".json").map {
                    String($0.relativePath.dropFirst("profiles/".count).dropLast(5))
                }
                throw ValidationError(
                    "unknown profile '\(profile)' (known: \((["wikipedia"] + known).joined(separator: ", ")), or a profile FILE)"
                )
            }
            guard let data = try? file.contents() else {
                throw ValidationError("profile \(file.place): cannot be read")
            }
            return try MappingProfile.parse(data, path: file.place)
        } catch let error as ValidationError {
            throw error
        } catch {
            throw ValidationError("\(error)")
        }
    }

    /// Runs `command` through the pipeline, showing its progress on a terminal: the one place
    /// a run's `RunError` becomes an exit code (usage errors through ArgumentParser, which
    /// prints the usage too).
    func run(_ command: Pipeline.Command, _ parameters: RunParameters) throws {
        try Yir.run(command, parameters, process: process)
    }
}
