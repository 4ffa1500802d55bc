import HTTPClient
import RunStore
import TMDBAPI

/// The `watch_providers` part of a run: TMDB's provider lists for movies and series, two requests in the job's
/// language, united by `provider_id` (the first list's entry of an id wins) and written whole in id order. A list that
/// cannot be fetched or read stops the run before any catalogue request, as `/configuration` does.
struct WatchProviderRun {
    var api: APIClient
    var language: String
    var formats: [OutputFormat]
    /// The staging run's folder.
    var directory: String

    /// The lists read, in this order.
    static let types: [CatalogueType] = [.movie, .tv]

    /// Whether a job needs the table: one of its catalogues appends `watch/providers`.
    static func isNeeded(by job: Job) -> Bool {
        job.catalogue.contains { $0.append.contains(.watchProviders) }
    }

    func run() async throws(ExportError) -> Manifest.WatchProviderSummary {
        var lists: [WatchProviderList] = []
        for type in Self.types {
            switch await api.result(of: TMDB.WatchProviders(type: type, language: language)) {
            case .success(let list): lists.append(list)
            case .failure(let error) where error.isAuthenticationFailure: throw .authentication(error)
            case .failure(let error): throw .setup(error)
            }
        }
        let providers = Self.united(lists)
        let (formats, directory) = (formats, directory)
        let files = try await BlockingFiles.run { () throws(ExportError) -> [Manifest.DataFile] in
            do throws(OutputError) {
                return try DimensionTableWriter.write(
                    table: WatchProviderTable.table, formats: formats, into: directory, rows: providers.count
                ) { (emit) throws(OutputError) in
                    for provider in providers {
                        try emit { encoder in
                            encoder.integer("provider_id", provider.id)
                            encoder.string("provider_name", provider.name)
                            encoder.string("logo_path", provider.logoPath)
                        }
                    }
                }
            } catch {
                throw .output(error)
            }
        }
        var summary = Manifest.WatchProviderSummary(
            lists: Self.types.map { TMDB.WatchProviders(type: $0).path }, providersInLists: lists.map(\.results.count),
            files: files)
        summary.stringsRepaired = lists.reduce(0) { $0 + $1.repairedStrings }
        return summary
    }

    /// Every provider of `lists`, each id once (its first entry), in id order.
    static func united(_ lists: [WatchProviderList]) -> [WatchProviderList.Provider] {
        var seen: Set<Int> = []
        return lists.flatMap(\.results).filter { seen.insert($0.id).inserted }.sorted { $0.id < $1.id }
    }
}
