import Foundation

/// Recognises image formats from their first bytes.
public enum ImageSignature: String, Sendable, CaseIterable {
    /// JPEG: `FF D8 FF`.
    case jpeg
    /// PNG: `89 50 4E 47 0D 0A 1A 0A`.
    case png
    /// WebP: `RIFF????WEBP`.
    case webp

    /// The format the bytes start with, or nil when they are not a JPEG, PNG or WebP image.
    public static func detect(_ bytes: Data) -> ImageSignature? {
        let head = [UInt8](bytes.prefix(12))
        if head.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
        if head.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if head.count == 12, head.starts(with: Array("RIFF".utf8)), Array(head[8..<12]) == Array("WEBP".utf8) {
            return .webp
        }
        return nil
    }
}
