using System.Numerics;
using System.Runtime.InteropServices;
using System.Runtime.Intrinsics;

namespace RefitStj.Streaming;

/// <content>Scanning: through an element, a primitive, and the white space and comments between tokens.</content>
internal sealed partial class JsonArrayFramer
{
    /// <summary>Advances through the element; <see cref="Step.Found"/> once it is complete, with the scan just past it.</summary>
    private Step ScanElement()
    {
        if (_buffer[_elementStart] is not ((byte)'{' or (byte)'[' or (byte)'"'))
        {
            return ScanPrimitive() ? Step.Found : Step.NeedMore;
        }

        // The opening byte is scanned like the rest, so a container counts its depth from it and a string opens with it.
        var bytes = _buffer.AsSpan(0, _end);
        var i = _scan;
        while (i < bytes.Length)
        {
            if (_comment != Comment.None)
            {
                _scan = i;
                if (!TrySkipComment())
                {
                    return Step.NeedMore;
                }

                i = _scan;
                continue;
            }

            var block = i;
            var mask = Significant(bytes, block);
            i = Math.Min(block + 16, bytes.Length);
            while (mask != 0)
            {
                var bit = BitOperations.TrailingZeroCount(mask);
                mask &= mask - 1;
                var at = block + bit;
                switch (bytes[at])
                {
                    case (byte)'\\' when _inString:
                        if (at + 1 >= bytes.Length)
                        {
                            // The escaped byte, which never ends the string, has not arrived yet.
                            _scan = at + 2;
                            return Step.NeedMore;
                        }

                        if (at + 1 < block + 16)
                        {
                            mask &= ~(1u << (bit + 1));
                            break;
                        }

                        i = at + 2;
                        mask = 0;
                        break;
                    case (byte)'"':
                        _inString = !_inString;
                        if (!_inString && _depth == 0)
                        {
                            _scan = at + 1;
                            return Step.Found;
                        }

                        break;
                    case (byte)'{' or (byte)'[' when !_inString:
                        // The array holding the element is one level more.
                        if (++_depth >= _maxDepth)
                        {
                            throw Invalid($"The maximum configured depth of {_maxDepth} has been exceeded.");
                        }

                        break;
                    case (byte)'}' or (byte)']' when !_inString:
                        // A closing bracket that does not match its opening one is left to the deserializer to reject.
                        if (--_depth == 0)
                        {
                            _scan = at + 1;
                            return Step.Found;
                        }

                        break;
                    case (byte)'/' when !_inString:
                        _scan = at;
                        if (!TryStartComment())
                        {
                            return Step.NeedMore;
                        }

                        i = _scan;
                        mask = 0;
                        break;
                }
            }
        }

        _scan = i;
        return Step.NeedMore;
    }

    /// <summary>
    /// A bit for each byte of the 16 from <paramref name="start"/> (fewer at the end) that can matter inside an element:
    /// a quote, a backslash, a bracket or brace, and a '/' where comments are skipped. One vector compare finds them
    /// all, so a typical element is crossed in a few steps rather than a byte or a search call at a time.
    /// </summary>
    private uint Significant(ReadOnlySpan<byte> bytes, int start)
    {
        if (start + 16 > bytes.Length)
        {
            var tail = 0u;
            for (var k = start; k < bytes.Length; k++)
            {
                if (bytes[k] is (byte)'"' or (byte)'\\' or (byte)'{' or (byte)'}' or (byte)'[' or (byte)']' || (bytes[k] == '/' && _comments))
                {
                    tail |= 1u << (k - start);
                }
            }

            return tail;
        }

        var v = Vector128.LoadUnsafe(ref MemoryMarshal.GetReference(bytes), (nuint)start);

        // '[' 0x5B and ']' 0x5D; '{' 0x7B and '}' 0x7D are the same with bit 5 set.
        var folded = v & Vector128.Create((byte)0xDF);
        var found = Vector128.Equals(v, Vector128.Create((byte)'"')) | Vector128.Equals(v, Vector128.Create((byte)'\\'))
            | Vector128.Equals(folded, Vector128.Create((byte)'[')) | Vector128.Equals(folded, Vector128.Create((byte)']'));
        if (_comments)
        {
            found |= Vector128.Equals(v, Vector128.Create((byte)'/'));
        }

        return found.ExtractMostSignificantBits();
    }

    /// <summary>A number, true, false or null ends at the first byte that cannot belong to it.</summary>
    private bool ScanPrimitive()
    {
        var bytes = _buffer.AsSpan(0, _end);
        var i = _scan;
        while (i < bytes.Length && !s_afterPrimitive.Contains(bytes[i]))
        {
            i++;
        }

        _scan = i;
        return i < bytes.Length;
    }

    /// <summary>Skips white space and comments outside elements; false when that uses up what has been read.</summary>
    private bool TrySkipWhiteSpaceAndComments()
    {
        while (_scan < _end)
        {
            if (_comment != Comment.None && !TrySkipComment())
            {
                return false;
            }

            // Between elements there is rarely more than a byte or two of white space.
            var bytes = _buffer.AsSpan(0, _end);
            var i = _scan;
            while (i < bytes.Length && bytes[i] is (byte)' ' or (byte)'\t' or (byte)'\r' or (byte)'\n')
            {
                i++;
            }

            _scan = i;
            if (i == bytes.Length)
            {
                return false;
            }

            if (bytes[i] != '/' || !_comments)
            {
                return true;
            }

            if (!TryStartComment())
            {
                return false;
            }
        }

        return false;
    }

    /// <summary>At a '/': which kind of comment it starts shows in the next byte, which may not have arrived yet.</summary>
    private bool TryStartComment()
    {
        if (_scan + 1 >= _end)
        {
            return _ended ? throw Invalid("The body ends with a '/'.") : false;
        }

        _comment = _buffer[_scan + 1] switch
        {
            (byte)'/' => Comment.Line,
            (byte)'*' => Comment.Block,
            _ => throw Invalid("A '/' that does not start a comment."),
        };
        _scan += 2;
        return true;
    }

    /// <summary>Skips to the end of the comment under way; false when it goes on past what has been read.</summary>
    private bool TrySkipComment()
    {
        var rest = _buffer.AsSpan(_scan, _end - _scan);
        var end = _comment == Comment.Line ? rest.IndexOf((byte)'\n') : rest.IndexOf("*/"u8);
        if (end >= 0)
        {
            _scan += end + (_comment == Comment.Line ? 1 : 2);
            _comment = Comment.None;
            return true;
        }

        // A block comment's '*' may be the last byte read, its '/' still to come.
        _scan = _comment == Comment.Block && rest.Length > 0 && rest[^1] == '*' ? _end - 1 : _end;
        return false;
    }
}
