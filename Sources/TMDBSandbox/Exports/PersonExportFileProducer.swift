/// Produces a person export file's gzip bytes piece by piece while it is sent, as ``ExportFileProducer`` does for
/// titles: memory stays at one batch of lines whatever the number of people.
final class PersonExportFileProducer {
    private let people: SandboxPersonUniverse
    private let file: PersonExportFileName
    private let step: Int
    private var pieces: ExportFilePieces

    /// - Parameter share: the share of the slots (in the file's order) whose lines the file has, 0 to 1.
    init(people: SandboxPersonUniverse, file: PersonExportFileName, share: Double = 1) {
        self.people = people
        self.file = file
        step = people.titles.step(file.day)
        pieces = ExportFilePieces(size: people.slotCount(at: step), day: file.day, share: share)
    }

    /// The next piece of the gzip file; nil once the trailer has been handed out. Never an empty piece.
    func next() -> [UInt8]? {
        pieces.next { slot, json in
            guard people.life(slot: slot).isListed(at: step) else { return false }
            let person = PersonPool.person(slot)
            guard person.adult == file.adult else { return false }
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
            return true
        }
    }
}
