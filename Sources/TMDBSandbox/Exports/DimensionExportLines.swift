/// The lines of a dimension export: every keyword, company or network a title of the sandbox can name (with the
/// name the title gives it), then a few that no title names, as TMDB's exports hold many unused ones; one line is
/// repeated, as TMDB's files now and then repeat an id. The order turns with the day, and is never the ids'.
enum DimensionExportLines {
    /// The file's text, one `{"id":…,"name":"…"}` object a line.
    static func text(_ kind: DimensionExportFileName.Kind, on day: ExportDay) -> [UInt8] {
        let entries = self.entries(kind)
        let start = day.daysSinceEpoch % entries.count
        var json = JSONBuffer(capacity: entries.count * 48)
        for offset in 0...entries.count {
            // The last line repeats the first.
            let (id, name) = entries[(start + offset) % entries.count]
            json.raw("{\"id\":")
            json.int(id)
            json.raw(",\"name\":")
            json.string(name)
            json.raw("}\n")
        }
        return json.bytes
    }

    /// Every entry of the file, named or not by a title, in no particular order.
    static func entries(_ kind: DimensionExportFileName.Kind) -> [(id: Int, name: String)] {
        switch kind {
        case .keyword:
            Array(KeywordPool.all.reversed()) + unused(from: 900_001, count: 60, name: "unused keyword")
        case .company:
            MovieDetailsGenerator.companyPool.map { (id: $0.id, name: $0.name) }
                + SeriesDetailsBody.companies.map { (id: $0.id, name: $0.name) }
                + unused(from: 200_001, count: 20, name: "Dormant Pictures")
        case .network:
            SeriesDetailsBody.networks.map { (id: $0.id, name: $0.name) }
                + unused(from: 7_001, count: 5, name: "Off-Air Channel")
        }
    }

    /// `count` entries no title names; free text as TMDB's: one has an empty name, one a comma, quotes and a newline.
    private static func unused(from first: Int, count: Int, name: String) -> [(id: Int, name: String)] {
        (0..<count).map { index in
            let text =
                switch index {
                case 0: ""
                case 1: "\(name), \"the\nsecond\""
                default: "\(name) \(index)"
                }
            return (id: first + index * 7, name: text)
        }
    }
}
