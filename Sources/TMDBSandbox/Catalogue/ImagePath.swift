/// TMDB-like image file names derived from a movie, show, collection or company id, and the hostile ones of
/// ``SandboxOptions/unsafePosterPaths``.
enum ImagePath {
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
