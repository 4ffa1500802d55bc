import Foundation
import RunStore

/// How to run a job, beyond what the job file says: command-line overrides and output settings.
public struct ExportOptions: Sendable {
    /// The output directory; `output` by default.
    public var outputRoot: String
    /// Overrides the job's `concurrency` (`--concurrency`).
    public var concurrency: Int?
    /// False turns posters off whatever the job says (`--no-posters`).
    public var postersEnabled: Bool
    /// Point `latest` at the run even when something failed (`--allow-partial`).
    public var allowPartial: Bool
    /// A list item that cannot be read fails the run: status `failed`, `latest` not moved, even with
    /// ``allowPartial`` (`--strict`).
    public var strict: Bool
    /// How many pages past the next page to write may be fetched, as a multiple of the concurrency.
    public var reorderWindowFactor: Int
    /// Continue the newest unfinished staging run of the job, reusing the pages it fetched (`--resume`).
    public var resume: Bool
    /// After a run that updates `latest`, keep only this many complete runs (`--keep N`); nil keeps all.
    public var keep: Int?
    /// The version of the program running the export, written to each manifest.
    public var toolVersion: String
    /// How long the run may go with requests in flight but none finishing before it stops as stalled; nil for the
    /// API client's `retryPolicy.longestRequest(timeout:)`, attempts × (timeout + longest wait between attempts).
    public var stallLimit: Duration?
    /// Where TMDB's daily ID export files are (`--files-base-url`), for catalogues.
    public var filesBaseURL: URL
    /// The time a catalogue's `latest` export day is resolved against, and the day its change window ends on; nil
    /// for the clock's.
    public var now: Date?
    /// Fetch every catalogue whole, even when the previous snapshot could be built on (`--full`).
    public var full: Bool
    /// Let a catalogue's ID export through the ``DropGuard`` although it drops more of the snapshot than the
    /// catalogue's `maxDropPercent`, or has no lines (`--accept-drop`).
    public var acceptDrop: Bool
    /// Fetch only this shard's ids of each catalogue, into the shard's own folder (`--shard I/N`); nil for all.
    public var shard: Shard?

    /// `https://files.tmdb.org/p/exports`.
    public static let defaultFilesBaseURL = URL(string: "https://files.tmdb.org/p/exports")!

    /// Creates options.
    public init(
        outputRoot: String = "output", concurrency: Int? = nil, postersEnabled: Bool = true,
        allowPartial: Bool = false, strict: Bool = false, reorderWindowFactor: Int = 4, resume: Bool = false,
        keep: Int? = nil, toolVersion: String = "unknown", stallLimit: Duration? = nil,
        filesBaseURL: URL = ExportOptions.defaultFilesBaseURL, now: Date? = nil, full: Bool = false,
        shard: Shard? = nil, acceptDrop: Bool = false
    ) {
        self.outputRoot = outputRoot
        self.concurrency = concurrency
        self.postersEnabled = postersEnabled
        self.allowPartial = allowPartial
        self.strict = strict
        self.reorderWindowFactor = reorderWindowFactor
        self.resume = resume
        self.keep = keep
        self.toolVersion = toolVersion
        self.stallLimit = stallLimit
        self.filesBaseURL = filesBaseURL
        self.now = now
        self.full = full
        self.shard = shard
        self.acceptDrop = acceptDrop
    }
}
