import ExportCLI
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

// A write past a file-size limit should fail with EFBIG and a message naming the file, not kill the process.
signal(SIGXFSZ, SIG_IGN)
exit(await TMDBExportCommand.main(Array(CommandLine.arguments.dropFirst())))
