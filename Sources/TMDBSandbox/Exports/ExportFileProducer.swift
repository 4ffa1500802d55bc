/// Produces one title export file's gzip bytes piece by piece while it is sent (``ExportFilePieces``): its lines are
/// the listed ids of the file's type and adult flag.
final class ExportFileProducer {
    private let universe: SandboxCatalogueUniverse
    private let file: ExportFileName
    private let space: CatalogueIdSpace
    /// The file's day, in steps after the universe's evolution epoch.
    private let step: Int
    private var pieces: ExportFilePieces

    /// - Parameter share: the share of the slots (in the file's order) whose lines the file has, 0 to 1.
    init(universe: SandboxCatalogueUniverse, file: ExportFileName, share: Double = 1) {
        self.universe = universe
        self.file = file
        space = universe.idSpace(file.type)
        step = universe.step(file.day)
        pieces = ExportFilePieces(size: universe.slotCount(file.type, at: step), day: file.day, share: share)
    }

    /// The next piece of the gzip file; nil once the trailer has been handed out. Never an empty piece.
    func next() -> [UInt8]? {
        pieces.next { slot, json in
            let state = universe.state(file.type, slot: slot, at: step)
            guard state.isListed, state.isAdult == file.adult else { return false }
            appendLine(slot: slot, version: state.version, to: &json)
            return true
        }
    }

    /// One line, as in TMDB's files: `{"adult":false,"id":3924,"original_title":"Blondie","popularity":2.405,
    /// "video":false}` for movies, `{"id":1399,"original_name":"…","popularity":…}` for series.
    private func appendLine(slot: Int, version: Int, to json: inout JSONBuffer) {
        let id = space.id(slot: slot)
        let (title, popularity) = universe.exportFields(file.type, slot: slot, version: version, at: step)
        switch file.type {
        case .movie:
            json.raw("{\"adult\":")
            json.bool(file.adult)
            json.raw(",\"id\":")
            json.int(id)
            json.raw(",\"original_title\":")
            json.string(title)
            json.raw(",\"popularity\":")
            json.number(popularity)
            json.raw(",\"video\":false}\n")
        case .series:
            json.raw("{\"id\":")
            json.int(id)
            json.raw(",\"original_name\":")
            json.string(title)
            json.raw(",\"popularity\":")
            json.number(popularity)
            json.raw("}\n")
        }
    }
}
