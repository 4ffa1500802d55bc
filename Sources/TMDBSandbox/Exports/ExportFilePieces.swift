/// The gzip pieces of one export file, made while it is sent: the slots are read in the file's order
/// (``ExportLineOrder``) up to the file's share of them, a batch of lines is rendered, deflated and handed out, so
/// memory stays at one batch and zlib's window whatever the number of ids. What a slot's line is, and whether it has
/// one, is the producer's (``ExportFileProducer`` for titles, ``PersonExportFileProducer`` for people).
struct ExportFilePieces {
    /// Lines rendered per piece (about 80 bytes each before compression).
    static let linesPerPiece = 4_096

    private var order: ExportLineOrder
    private var deflater: GzipStream?
    /// Slots still to be read: the file ends after them (``SandboxFaultPlan/exportLineShare``).
    private var slotsLeft: Int

    /// - Parameters:
    ///   - size: the slots of the file's universe on its day.
    ///   - share: the share of the slots (in the file's order) whose lines the file has, 0 to 1.
    init(size: Int, day: ExportDay, share: Double) {
        order = ExportLineOrder(size: size, day: day)
        slotsLeft = Int((Double(size) * min(1, max(0, share))).rounded(.down))
        deflater = GzipStream()
    }

    /// The next piece of the gzip file; nil once the trailer has been handed out. Never an empty piece.
    /// - Parameter line: appends the slot's line to the buffer and returns true, or returns false when the file has
    ///   no line for the slot.
    mutating func next(_ line: (Int, inout JSONBuffer) -> Bool) -> [UInt8]? {
        while let deflater {
            var json = JSONBuffer(capacity: Self.linesPerPiece * 96)
            var lines = 0
            while lines < Self.linesPerPiece, slotsLeft > 0, let slot = order.next() {
                slotsLeft -= 1
                if line(slot, &json) { lines += 1 }
            }
            let piece: [UInt8]
            if lines < Self.linesPerPiece {
                piece = deflater.finish(json.bytes)
                self.deflater = nil
            } else {
                piece = deflater.deflate(json.bytes)
            }
            if !piece.isEmpty { return piece }
        }
        return nil
    }
}
