/// The draws the lists' movie and show generators share, in the order they take them from `random`.
enum ListTitleDraws {
    /// A `YYYY-MM-DD` date of one of `years` years from `fromYear`, on day 1 to 28 of its month: three draws.
    static func date(fromYear firstYear: Int, years: Int, _ random: inout SplitMix64) -> String {
        let year = firstYear + Int(random.next() % UInt64(years))
        let month = 1 + Int(random.next() % 12)
        let day = 1 + Int(random.next() % 28)
        return "\(year)-\(twoDigits(month))-\(twoDigits(day))"
    }

    /// One to three distinct ids of `genres`, in the order drawn.
    static func genreIds(of genres: [SandboxGenre], _ random: inout SplitMix64) -> [Int] {
        var genreIds: [Int] = []
        for _ in 0..<(1 + Int(random.next() % 3)) {
            let genre = genres[Int(random.next() % UInt64(genres.count))].id
            if !genreIds.contains(genre) { genreIds.append(genre) }
        }
        return genreIds
    }

    private static func twoDigits(_ value: Int) -> String {
        value < 10 ? "0\(value)" : String(value)
    }
}
