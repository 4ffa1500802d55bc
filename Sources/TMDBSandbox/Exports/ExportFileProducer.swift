/// Produces one export file's gzip bytes piece by piece while it is sent: a batch of lines is rendered, deflated
/// and handed out, so memory stays at one batch and zlib's window whatever the number of ids.
final class ExportFileProducer {
    /// Lines rendered per piece (about 80 bytes each before compression).
    static let linesPerPiece = 4_096

    private let universe: SandboxCatalogueUniverse
    private let file: ExportFileName
    private let space: CatalogueIdSpace
    /// The file's day, in steps after the universe's evolution epoch.
    private let step: Int
    private var order: ExportLineOrder
    private var deflater: GzipStream?
    /// Slots still to be read: the file ends after them (``SandboxOptions/exportLineShare``).
    private var slotsLeft: Int

    /// - Parameter share: the share of the slots (in the file's order) whose lines the file has, 0 to 1.
    init(universe: SandboxCatalogueUniverse, file: ExportFileName, share: Double = 1) {
        self.universe = universe
        self.file = file
        space = universe.idSpace(file.type)
        step = universe.step(file.day)
        let size = universe.slotCount(file.type, at: step)
        order = ExportLineOrder(size: size, day: file.day)
        slotsLeft = Int((Double(size) * min(1, max(0, share))).rounded(.down))
        deflater = GzipStream()
    }

    /// The next piece of the gzip file; nil once the trailer has been handed out. Never an empty piece.
    func next() -> [UInt8]? {
        while let deflater {
            var json = JSONBuffer(capacity: Self.linesPerPiece * 96)
            var lines = 0
            while lines < Self.linesPerPiece, slotsLeft > 0, let slot = order.next() {
                slotsLeft -= 1
                let state = universe.state(file.type, slot: slot, at: step)
                guard state.isListed, state.isAdult == file.adult else { continue }
                appendLine(slot: slot, version: state.version, to: &json)
                lines += 1
            }
            let piece: [UInt8]
            if lines < Self.linesPerPiece {
                piece = deflater.finish(json.bytes)
                self.deflater = nil
            } else {
                piece = deflater.deflate(json.bytes)
            }
            if !piece.isEmpty { return piece }
        }
        return nil
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
