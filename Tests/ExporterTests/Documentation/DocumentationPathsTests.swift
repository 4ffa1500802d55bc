import Foundation
import TestSupport
import Testing

/// Files move; the documentation names them. These fail when a page names a path that is gone, or when a folder of
/// the code is not on the map, so that a move is fixed in the pages in the same change.
@Suite("The documentation's paths")
struct DocumentationPathsTests {
    @Test("every Sources/, Tests/, jobs/, .ci/ and bench/ path README.md and docs/*.md name exists")
    func pathsExist() throws {
        var checked = 0
        for page in try DocumentationPage.all() {
            for path in page.repositoryPaths {
                #expect(
                    FileManager.default.fileExists(atPath: packageRoot + "/" + path), "\(page.path) names \(path)")
                checked += 1
            }
        }
        #expect(checked > 50, "only \(checked) paths found: is the path pattern still right?")
    }

    @Test("docs/architecture.md names every folder directly under each Sources/<Target>/")
    func foldersOnTheMap() throws {
        let map = try documentationPage("architecture")
        let files = FileManager.default
        let sources = packageRoot + "/Sources"
        var folders: [String] = []
        for target in try files.contentsOfDirectory(atPath: sources).sorted() {
            for entry in try files.contentsOfDirectory(atPath: sources + "/" + target).sorted() {
                var isFolder: ObjCBool = false
                if files.fileExists(atPath: "\(sources)/\(target)/\(entry)", isDirectory: &isFolder), isFolder.boolValue
                {
                    folders.append("Sources/\(target)/\(entry)/")
                }
            }
        }
        #expect(folders.count > 20)
        for folder in folders {
            #expect(map.contains(folder), "docs/architecture.md does not name \(folder)")
        }
    }
}
