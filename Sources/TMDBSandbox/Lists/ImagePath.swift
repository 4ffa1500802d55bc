/// TMDB-like image file names derived from a movie, show, collection or company id, and the hostile ones of
/// ``SandboxFaultPlan/unsafePosterPaths``.
enum ImagePath {
    /// Where each poster path stands in a list of titles' `posterPaths`, for `/t/p/…` to find the title; nil and
    /// empty paths left out, the last title winning on a repeat.
    static func index(ofPosters posterPaths: [String?]) -> [String: Int] {
        var index: [String: Int] = [:]
        index.reserveCapacity(posterPaths.count)
        for (position, path) in posterPaths.enumerated() {
            if let path, !path.isEmpty { index[path] = position }
        }
        return index
    }

    /// `/` + 27 base62 characters + `.jpg`, a pure function of the id and the kind of image.
    static func derived(id: Int, salt: UInt64) -> String {
        var generator = SplitMix64(seed: UInt64(id) &* 0x2545_F491_4F6C_DD1D ^ salt)
        var name: [UInt8] = [UInt8(ascii: "/")]
        name.reserveCapacity(32)
        for _ in 0..<27 {
            name.append(alphabet[Int(generator.next() % 62)])
        }
        name += ".jpg".utf8
        return String(decoding: name, as: UTF8.self)
    }

    /// A generated catalogue item's image path: `/` + its id in 7 base62 digits + 20 derived characters + `.jpg`,
    /// as long as ``derived(id:salt:)``'s, but carrying the id, so the image route can find the item again without
    /// a table for a million of them.
    static func universe(id: Int, salt: UInt64) -> String {
        var digits: [UInt8] = []
        var rest = id
        for _ in 0..<7 {
            digits.append(alphabet[rest % 62])
            rest /= 62
        }
        let derived = derived(id: id, salt: salt)
        let tail = derived.utf8.dropFirst().prefix(20)
        return "/" + String(decoding: digits.reversed() + tail, as: UTF8.self) + ".jpg"
    }

    /// The id a ``universe(id:salt:)`` path carries, or nil when `path` is not shaped like one.
    static func universeID(_ path: String) -> Int? {
        let bytes = Array(path.utf8)
        guard bytes.count == 32, bytes[0] == UInt8(ascii: "/"), path.hasSuffix(".jpg") else { return nil }
        var id = 0
        for byte in bytes[1..<8] {
            guard let digit = alphabet.firstIndex(of: byte) else { return nil }
            id = id * 62 + digit
        }
        return id
    }

    /// Salt for poster paths.
    static let posterSalt: UInt64 = 0x504F_5354_4552
    /// Salt for backdrop paths.
    static let backdropSalt: UInt64 = 0x4241_434B_4452_4F50
    /// Salt for TV show poster paths, so no show shares a file name with a movie.
    static let showPosterSalt: UInt64 = 0x5456_504F_5354_4552
    /// Salt for TV show backdrop paths.
    static let showBackdropSalt: UInt64 = 0x5456_4241_434B_4452
    /// Salt for collection posters in movie details.
    static let collectionPosterSalt: UInt64 = 0x434F_4C4C_504F_5354
    /// Salt for collection backdrops in movie details.
    static let collectionBackdropSalt: UInt64 = 0x434F_4C4C_4244_5250
    /// Salt for production company logos in movie details.
    static let logoSalt: UInt64 = 0x4C4F_474F

    /// Poster paths that a careful exporter must refuse to turn into file names.
    static let hostile: [String] = ["/../../etc/passwd.jpg", "/a/b.jpg", "/..jpg", "/x.exe", "", "poster.jpg"]

    private static let alphabet: [UInt8] = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz".utf8)
}
