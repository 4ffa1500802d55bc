import ExportCLI
import Foundation
import TMDBSandbox
import Testing

@Suite("The built tmdb-export binary")
struct BinaryTests {
    func temporaryDirectory() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("cli-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    func writeJob(_ text: String, in directory: String, name: String = "job.json") throws -> String {
        let path = (directory as NSString).appendingPathComponent(name)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test("prints each command's help text exactly and exits 0", arguments: [
        (["--help"], TMDBExportCommand.help), (["export", "--help"], ExportCommand.help),
        (["sandbox", "--help"], SandboxCommand.help),
    ])
    func help(arguments: [String], expected: String) throws {
        let result = try BinaryRunner.run(arguments)
        #expect(result.exitCode == 0)
        #expect(result.stdout == expected + "\n")
    }

    @Test("exports a job from the sandbox, prints a summary and exits 0")
    func sandboxExport() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let job = try writeJob(
            #"{"name": "cli", "requests": [{"endpoint": "movie/upcoming", "pages": "1-2"}], "posters": {"size": "w92"}}"#,
            in: directory)
        let output = (directory as NSString).appendingPathComponent("out")
        let result = try BinaryRunner.run(["export", "--job", job, "--sandbox", "--output", output])
        #expect(result.exitCode == 0, "stderr: \(result.stderr)")
        #expect(result.stdout.contains("cli: complete"))
        #expect(result.stdout.contains("movie/upcoming: 40 rows from 2/2 pages"))
        #expect(result.stdout.contains("output: \(output)/cli/runs/"))
        #expect(FileManager.default.fileExists(atPath: output + "/cli/latest/movie_movie_upcoming.csv") == false)
        #expect(FileManager.default.fileExists(atPath: output + "/cli/latest/movie_upcoming.csv"))
        #expect(!result.stderr.contains("\u{1B}"), "no control characters when stderr is not a terminal")
    }

    @Test("finds a job by bare name in jobs/ relative to the working directory")
    func bareJobName() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.createDirectory(atPath: directory + "/jobs", withIntermediateDirectories: true)
        _ = try writeJob(
            #"{"name": "bare", "requests": [{"endpoint": "movie/popular", "pages": "1"}], "posters": false}"#,
            in: directory + "/jobs", name: "bare.json")
        let result = try BinaryRunner.run(["export", "--job", "bare", "--sandbox"], directory: directory)
        #expect(result.exitCode == 0, "stderr: \(result.stderr)")
        #expect(FileManager.default.fileExists(atPath: directory + "/output/bare/latest/movie_popular.ndjson"))
    }

    @Test("exits 2 with the file, line and field for an invalid job file, and writes nothing")
    func invalidJob() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let job = try writeJob(
            "{\n  \"name\": \"bad\",\n  \"requests\": [{\"endpoint\": \"movie/popular\", \"pages\": \"5-2\"}]\n}", in: directory)
        let result = try BinaryRunner.run(["export", "--job", job, "--sandbox", "--output", directory + "/out"])
        #expect(result.exitCode == 2)
        #expect(result.stderr == "error: \(job):3: requests[0].pages: \"5-2\": the range ends before it starts "
            + "(expected \"N\", \"A-B\" with 1 ≤ A ≤ B ≤ 500, or \"all\")\n")
        #expect(!FileManager.default.fileExists(atPath: directory + "/out"))
    }

    @Test("exits 3 with TMDB's message when the credentials are rejected, never printing them")
    func rejectedCredentials() throws {
        let server = SandboxServer()
        _ = try server.start()
        defer { server.stop() }
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let job = try writeJob(#"{"name": "auth", "requests": [{"endpoint": "movie/popular", "pages": "all"}]}"#, in: directory)
        for environment in [["TMDB_API_TOKEN": "not-the-token-123"], ["TMDB_API_KEY": "not-the-key-456"]] {
            let result = try BinaryRunner.run(
                ["export", "--job", job, "--base-url", server.apiBaseURL.absoluteString, "--output", directory + "/out"],
                environment: environment)
            #expect(result.exitCode == 3)
            #expect(result.stderr.contains("Invalid API key: You must be granted a valid key."))
            let secret = environment.values.first!
            #expect(!result.stderr.contains(secret) && !result.stdout.contains(secret))
        }
        #expect(server.requestLog().count == 2)
    }

    @Test("exits 1 when a page fails, naming it on stderr and in the manifest, and leaves latest alone")
    func partialFailure() throws {
        var options = SandboxOptions()
        options.malformedJSONPages = [2]
        let server = SandboxServer(options: options)
        _ = try server.start()
        defer { server.stop() }
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let job = try writeJob(
            #"{"name": "part", "requests": [{"endpoint": "movie/popular", "pages": "1-3"}], "posters": false}"#, in: directory)
        let result = try BinaryRunner.run(
            ["export", "--job", job, "--base-url", server.apiBaseURL.absoluteString, "--output", directory + "/out"],
            environment: ["TMDB_API_TOKEN": SandboxServer.bearerToken])
        #expect(result.exitCode == 1)
        #expect(result.stderr.contains("movie/popular?page=2"))
        #expect(result.stdout.contains("finished with failures"))
        #expect(!FileManager.default.fileExists(atPath: directory + "/out/part/latest"))
        let runs = try FileManager.default.contentsOfDirectory(atPath: directory + "/out/part/runs")
        #expect(runs.count == 1)
        let manifest = try String(contentsOfFile: directory + "/out/part/runs/\(runs[0])/manifest.json", encoding: .utf8)
        #expect(manifest.contains("\"status\" : \"partial\""))
        #expect(manifest.contains("\"page\" : 2"))
        #expect(!manifest.contains(SandboxServer.bearerToken))
    }

    @Test("never prints the API key on stderr or stdout, even when failures quote the URLs that carried it")
    func keyNeverPrinted() throws {
        var options = SandboxOptions()
        options.serverErrorRate = 0.5
        options.malformedJSONPages = [2]
        let server = SandboxServer(options: options)
        _ = try server.start()
        defer { server.stop() }
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let job = try writeJob(
            #"{"name": "key", "requests": [{"endpoint": "movie/popular", "pages": "1-6"}], "posters": false}"#, in: directory)
        let result = try BinaryRunner.run(
            ["export", "--job", job, "--base-url", server.apiBaseURL.absoluteString, "--output", directory + "/out",
             "--retries", "1", "--rate-limit", "0"],
            environment: ["TMDB_API_KEY": SandboxServer.apiKey])
        #expect(result.exitCode == 1)
        #expect(result.stderr.contains("error: "))
        #expect(!result.stderr.contains(SandboxServer.apiKey) && !result.stdout.contains(SandboxServer.apiKey))
        #expect(server.requestLog().contains { $0.target.contains("api_key=\(SandboxServer.apiKey)") }, "the key was used")
    }
}
