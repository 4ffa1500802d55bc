/// `recommendations` and `similar` as TMDB appends them: the first page of results (`page`, `results`,
/// `total_pages`, `total_results`), naming list titles of the universe (in every day's exports, never removed), with
/// the day's numbers. Recommendation results carry `media_type`, similar ones do not, as on TMDB. A list movie's are
/// the first page of its standalone lists; any other title's 0 to 40 titles from the id, never the title itself, in
/// an order each edit version may turn.
enum RelatedTitlesBody {
    enum Kind {
        case recommendations, similar
    }

    static func append(to json: inout JSONBuffer, _ kind: Kind, _ depth: TitleDepth) {
        let indices = related(kind, depth)
        let items = DailyListItems(catalogue: depth.catalogue, step: depth.step)
        json.raw(
            ResultPage.render(page: 1, of: indices) { index in
                switch depth.type {
                case .movie: items.movie(index, withMediaType: kind == .recommendations)
                case .series: items.show(index, withMediaType: kind == .recommendations)
                }
            })
    }

    /// The list indices (slots) named, in rank order. A list movie's are those of `/3/movie/{id}/recommendations`
    /// (`/similar`), as TMDB appends the first page of the same list.
    static func related(_ kind: Kind, _ depth: TitleDepth) -> [Int] {
        guard depth.relatedCount > 1 else { return [] }
        if depth.type == .movie, let index = depth.catalogueIndex, depth.relatedCount == depth.catalogue.movies.count {
            let walk: RelatedMovies.Kind = kind == .recommendations ? .recommendations : .similar
            return RelatedMovies.indices(of: index, in: depth.catalogue.movies, kind: walk)
        }
        var random = depth.base(kind == .recommendations ? recommendationsPurpose : similarPurpose)
        let count = min(Int(random.next() % 41), depth.relatedCount - 1)
        var chosen: [Int] = []
        var seen: Set<Int> = []
        let ownIndex = depth.catalogueIndex
        while chosen.count < count {
            let index = Int(random.next() % UInt64(depth.relatedCount))
            guard index != ownIndex, seen.insert(index).inserted else { continue }
            chosen.append(index)
        }
        if depth.version > 0, !chosen.isEmpty {
            var edit = depth.edit(kind == .recommendations ? recommendationsPurpose : similarPurpose)
            if edit.next() % 2 == 0 {
                let turn = Int(edit.next() % UInt64(chosen.count))
                chosen = Array(chosen[turn...] + chosen[..<turn])
            }
        }
        return chosen
    }

    private static let recommendationsPurpose: UInt64 = 0x5245_434F_4D4D
    private static let similarPurpose: UInt64 = 0x5349_4D49_4C41
}

extension TitleDepth {
    /// The title's own index among the list titles, if it is one of them.
    var catalogueIndex: Int? {
        switch type {
        case .movie: catalogue.movieIndex(id: id)
        case .series: catalogue.showIndex(id: id)
        }
    }
}
