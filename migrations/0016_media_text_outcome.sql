-- PDF text extraction at upload (issue 34): how it ended; null for other kinds and older uploads.
ALTER TABLE `media` ADD `text_outcome` text;