/// Turns a `poster_path` from the network into a file name that is safe to create, or refuses it.
///
/// `poster_path` is remote data: it must never choose where bytes are written. Only a single plain file name is
/// accepted: one leading `/`, then letters, digits, `_`, `-` and `.`, not starting with `.`, no further `/`,
/// no `..`, ending in `.jpg`, `.jpeg`, `.png` or `.webp`, at most 200 characters.
package enum PosterFileName {
    /// Extensions accepted for poster files.
    package static let imageExtensions: Set<String> = ["jpg", "jpeg", "png", "webp"]

    /// The file name for a poster path, or nil when the path is not a single safe image file name.
    package static func safeFileName(for posterPath: String) -> String? {
        guard posterPath.hasPrefix("/") else { return nil }
        let name = posterPath.dropFirst()
        guard !name.isEmpty, name.count <= 200, !name.hasPrefix("."), !name.contains("..") else { return nil }
        guard
            name.utf8.allSatisfy({ byte in
                (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                    || byte == 0x5F || byte == 0x2D || byte == 0x2E
            })
        else { return nil }
        guard let dot = name.lastIndex(of: "."), imageExtensions.contains(name[name.index(after: dot)...].lowercased())
        else { return nil }
        return String(name)
    }
}
