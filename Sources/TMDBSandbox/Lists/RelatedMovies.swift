/// `recommendations` and `similar`: 40 to 60 other non-adult movies per movie, derived from its index, that share
/// its genres. Computed on request: a walk of the catalogue that usually stops after a few hundred steps.
enum RelatedMovies {
    /// The two kinds of related list, each with its own walk and its own idea of related.
    enum Kind {
        /// Movies sharing any genre of the movie.
        case recommendations
        /// Movies sharing the movie's first genre.
        case similar
    }

    /// Catalogue indices of the movies related to the movie at `index`, in list order; never `index` itself.
    static func indices(of index: Int, in movies: [SandboxMovie], kind: Kind) -> [Int] {
        let movie = movies[index]
        var random = SplitMix64(seed: kind == .recommendations ? 0x5245_434F : 0x5349_4D49, stream: UInt64(index))
        let count = 40 + Int(random.next() % 21)
        let start = Int(random.next() % UInt64(movies.count))
        // Steps coprime with 10,400 (2⁵·5²·13), so a walk of the whole catalogue visits every index once.
        let step = [7_919, 6_007, 4_513, 3_571, 2_027, 1_009][Int(random.next() % 6)]
        let wanted: [Int]
        switch kind {
        case .recommendations: wanted = movie.genreIds
        case .similar: wanted = Array(movie.genreIds.prefix(1))
        }
        var related: [Int] = []
        related.reserveCapacity(count)
        // First pass: related by genre (any movie when there is no genre); second pass, rarely needed: any movie.
        for requiresGenre in [true, false] where related.count < count {
            var position = start
            for _ in 0..<movies.count where related.count < count {
                position = (position + step) % movies.count
                let candidate = movies[position]
                guard position != index, !candidate.adult else { continue }
                if requiresGenre, !wanted.isEmpty, !candidate.genreIds.contains(where: wanted.contains) { continue }
                if related.contains(position) { continue }
                related.append(position)
            }
        }
        return related
    }
}
