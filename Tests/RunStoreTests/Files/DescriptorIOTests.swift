import Foundation
import TestSupport
import Testing

@testable import RunStore

#if canImport(Glibc)
    import Glibc
#endif

@Suite("Whole-buffer reads and writes on a file descriptor")
struct DescriptorIOTests {
    @Test("writes at the current position or at an offset, and reads exactly what is there")
    func roundTrip() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let descriptor = open(directory.path + "/file", O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        #expect(Array("hello world".utf8).withUnsafeBytes { DescriptorIO.writeAll(descriptor, $0) } == nil)
        #expect(Array("W".utf8).withUnsafeBytes { DescriptorIO.writeAll(descriptor, $0, at: 6) } == nil)
        #expect(DescriptorIO.read(descriptor, count: 11, at: 0) == Data("hello World".utf8))
        #expect(DescriptorIO.read(descriptor, count: 5, at: 6) == Data("World".utf8))
    }

    @Test("reports a read that runs past the end of the file as nothing, and a failed write by its errno")
    func failures() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try #require(FileManager.default.createFile(atPath: directory.path + "/file", contents: Data("abc".utf8)))
        let descriptor = open(directory.path + "/file", O_RDONLY | O_CLOEXEC)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        #expect(DescriptorIO.read(descriptor, count: 4, at: 0) == nil)
        #expect(DescriptorIO.read(descriptor, count: 3, at: 0) == Data("abc".utf8))
        #expect(Array("x".utf8).withUnsafeBytes { DescriptorIO.writeAll(descriptor, $0) } == EBADF)
    }
}
