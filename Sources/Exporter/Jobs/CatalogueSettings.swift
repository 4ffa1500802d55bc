import RunStore

/// Every setting one catalogue's output depends on, as the job asks for it or as a snapshot's manifest recorded it:
/// the one list that `--resume` (``StagingRun/resumeKey(for:posterSize:base:)``), an incremental night
/// (``CatalogueBase``) and a shard merge compare. A new setting is a stored property here and its entry in ``all``;
/// each ``CatalogueSetting`` says what a change of it means.
struct CatalogueSettings: Sendable, Equatable {
    var type: String
    var append: [String]
    /// `latest` or `YYYY-MM-DD`, as the job asked for it.
    var exportDate: String
    /// Nil in a manifest written before the filters were recorded.
    var adult: Bool?
    var minPopularity: Double?
    var limit: Int?
    /// ``Job/CatalogueRequest/recordedImageLanguages``: nil without the `images` append.
    var imageLanguages: String?
    var formats: Set<String>
    var language: String
    /// Nil in a manifest written before it was recorded.
    var maxFailedPercent: Double?

    /// What the job asks for.
    init(_ request: Job.CatalogueRequest, in job: Job) {
        type = request.type.rawValue
        append = request.append.map(\.rawValue)
        exportDate = "\(request.exportDate)"
        adult = request.adult
        minPopularity = request.minPopularity
        limit = request.limit
        imageLanguages = request.recordedImageLanguages
        formats = Set(job.formats.map(\.rawValue))
        language = job.language
        maxFailedPercent = request.maxFailedPercent
    }

    /// What a snapshot's run was asked for.
    init(_ summary: Manifest.CatalogueSummary, of manifest: Manifest) {
        type = summary.type.rawValue
        append = summary.append
        exportDate = summary.exportDateRequested
        adult = summary.adult
        minPopularity = summary.minPopularity
        limit = summary.limit
        imageLanguages = summary.imageLanguages
        formats = Set(summary.files.map(\.format))
        language = manifest.language
        maxFailedPercent = summary.maxFailedPercent
    }

    /// Every setting, one per stored property and in their order: the order in which differences are reported and
    /// the catalogue's part of the resume key is written.
    static let all: [CatalogueSetting] = [
        CatalogueSetting(
            "type", \.type, text: { $0 }, resumeKey: { $0 }),
        CatalogueSetting(
            "append", \.append, text: { $0.joined(separator: ",") }, forcesFullRun: true,
            refusesMerge: { type, difference in
                "appended \(difference.before) to \(type), the job \(difference.now)"
            }, resumeKey: { "+" + $0.joined(separator: "+") }),
        CatalogueSetting(
            "exportDate", \.exportDate, text: { $0 }, resumeKey: { "@\($0)" }),
        CatalogueSetting(
            "adult", \.adult, text: { $0.map(String.init) ?? "unknown" }, forcesFullRun: true,
            refusesMerge: otherFilters, resumeKey: { " adult=\($0.map(String.init) ?? "-")" }),
        CatalogueSetting(
            "minPopularity", \.minPopularity, text: { $0.map { "\($0)" } ?? "none" }, forcesFullRun: true,
            refusesMerge: otherFilters, resumeKey: { " min=\($0.map { "\($0)" } ?? "-")" }),
        CatalogueSetting(
            "limit", \.limit, text: { $0.map { "\($0)" } ?? "none" }, forcesFullRun: true,
            refusesMerge: otherFilters, resumeKey: { " limit=\($0.map { "\($0)" } ?? "-")" }),
        CatalogueSetting(
            "imageLanguages", \.imageLanguages, text: { $0 ?? "none" },
            recordedText: { $0 ?? "the job's language only" }, forcesFullRun: true,
            refusesMerge: { type, _ in "kept \(type) images of other languages (imageLanguages) than the job's" },
            resumeKey: { $0.map { " images=\($0)" } ?? "" }),
        CatalogueSetting(
            "formats", \.formats, text: { $0.sorted().joined(separator: ",") }, forcesFullRun: true,
            refusesMerge: { _, _ in "wrote other formats than the job's" }),
        CatalogueSetting(
            "language", \.language, text: { $0 }, forcesFullRun: true,
            refusesMerge: { _, difference in "is in \(difference.before), not \(difference.now)" }),
        // It changes no row: a night over it is partial, its tables are the same.
        CatalogueSetting("maxFailedPercent", \.maxFailedPercent, text: { $0.map { "\($0)" } ?? "none" }),
    ]

    private static func otherFilters(_ type: String, _: SettingDifference) -> String {
        "selected \(type) ids with other filters (adult, minPopularity, limit) than the job's"
    }

    /// The settings that differ from `before` (a snapshot's), in the order of ``all``.
    func differences(from before: CatalogueSettings) -> [SettingDifference] {
        Self.all.compactMap { $0.difference(before, self) }
    }

    /// The catalogue's part of the resume key: `--resume` reuses no page of a run asked for other settings.
    var resumeKey: String { Self.all.compactMap { $0.resumeKeyText(self) }.joined() }
}
