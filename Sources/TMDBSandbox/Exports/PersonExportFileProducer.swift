/// Produces a person export file's gzip bytes piece by piece while it is sent, as ``ExportFileProducer`` does for
/// titles: memory stays at one batch of lines whatever the number of people.
final class PersonExportFileProducer {
    private let people: SandboxPersonUniverse
    private let file: PersonExportFileName
    private let step: Int
    private var order: ExportLineOrder
    private var deflater: GzipStream?
    private var slotsLeft: Int

    /// - Parameter share: the share of the slots (in the file's order) whose lines the file has, 0 to 1.
    init(people: SandboxPersonUniverse, file: PersonExportFileName, share: Double = 1) {
        self.people = people
        self.file = file
        step = people.titles.step(file.day)
        let size = people.slotCount(at: step)
        order = ExportLineOrder(size: size, day: file.day)
        slotsLeft = Int((Double(size) * min(1, max(0, share))).rounded(.down))
        deflater = GzipStream()
    }

    /// The next piece of the gzip file; nil once the trailer has been handed out. Never an empty piece.
    func next() -> [UInt8]? {
        while let deflater {
            var json = JSONBuffer(capacity: ExportFileProducer.linesPerPiece * 80)
            var lines = 0
            while lines < ExportFileProducer.linesPerPiece, slotsLeft > 0, let slot = order.next() {
                slotsLeft -= 1
                guard people.life(slot: slot).isListed(at: step) else { continue }
                let person = PersonPool.person(slot)
                guard person.adult == file.adult else { continue }
                // As in TMDB's file: {"adult":false,"id":287,"name":"Brad Pitt","popularity":12.3}
                json.raw("{\"adult\":")
                json.bool(person.adult)
                json.raw(",\"id\":")
                json.int(person.id)
                json.raw(",\"name\":")
                json.string(person.name)
                json.raw(",\"popularity\":")
                json.number(people.popularity(slot: slot, at: step))
                json.raw("}\n")
                lines += 1
            }
            let piece: [UInt8]
            if lines < ExportFileProducer.linesPerPiece {
                piece = deflater.finish(json.bytes)
                self.deflater = nil
            } else {
                piece = deflater.deflate(json.bytes)
            }
            if !piece.isEmpty { return piece }
        }
        return nil
    }
}
