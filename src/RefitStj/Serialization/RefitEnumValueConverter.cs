using System.Diagnostics.CodeAnalysis;
using System.Globalization;
using System.Reflection;
using System.Runtime.CompilerServices;
using System.Text.Json.Serialization;
using RefitStj.Errors;

namespace RefitStj.Serialization;

/// <summary>One enum's camelCase name maps, built once per enum type and options instance.</summary>
/// <typeparam name="TEnum">The enum type.</typeparam>
internal sealed class RefitEnumValueConverter<[DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicFields)] TEnum>
    : JsonConverter<TEnum>
    where TEnum : struct, Enum
{
    private static readonly TypeCode s_typeCode = Type.GetTypeCode(typeof(TEnum));

    private readonly Dictionary<string, TEnum> _byName = new(StringComparer.Ordinal);
    private readonly Dictionary<string, TEnum> _byNameIgnoreCase = new(StringComparer.OrdinalIgnoreCase);
    private readonly Dictionary<TEnum, string> _names = [];

    public RefitEnumValueConverter()
#if NET9_0_OR_GREATER
        : this(memberNames: true)
#else
        : this(RefitMemberNames.Honoured)
#endif
    {
    }

    /// <param name="memberNames">Whether <c>[JsonStringEnumMemberName]</c> names a member, as in the Refit build loaded.</param>
    internal RefitEnumValueConverter(bool memberNames)
    {
        foreach (var field in typeof(TEnum).GetFields(BindingFlags.Public | BindingFlags.Static))
        {
            var value = (TEnum)field.GetValue(null)!;
            var preferred = (memberNames ? MemberName(field) : null) ?? CamelCase(field.Name);

            // Both the wire name and the declared name read back; the last field declared for a value names it on write.
            _byName[preferred] = value;
            _byNameIgnoreCase[preferred] = value;
            _byName.TryAdd(field.Name, value);
            _byNameIgnoreCase.TryAdd(field.Name, value);
            _names[value] = preferred;
        }
    }

    public override TEnum Read(ref Utf8JsonReader reader, Type typeToConvert, JsonSerializerOptions options) =>
        reader.TokenType switch
        {
            JsonTokenType.String => ReadName(ref reader, allowNumber: false),
            JsonTokenType.Number => ReadNumber(ref reader),
            _ => throw ReadErrors.Reason($"Expected a string or a number for enum {TypeNames.Of(typeof(TEnum))}, found {reader.TokenType}."),
        };

    public override void Write(Utf8JsonWriter writer, TEnum value, JsonSerializerOptions options)
    {
        if (_names.TryGetValue(value, out var name))
        {
            writer.WriteStringValue(name);
        }
        else if (IsUnsigned)
        {
            writer.WriteNumberValue(ToUInt64(value));
        }
        else
        {
            writer.WriteNumberValue(ToInt64(value));
        }
    }

    // Numeric keys are accepted on read so that a dictionary keyed by an undeclared value round-trips.
    public override TEnum ReadAsPropertyName(ref Utf8JsonReader reader, Type typeToConvert, JsonSerializerOptions options) =>
        ReadName(ref reader, allowNumber: true);

    public override void WriteAsPropertyName(Utf8JsonWriter writer, TEnum value, JsonSerializerOptions options) =>
        writer.WritePropertyName(_names.TryGetValue(value, out var name) ? name : FormatNumber(value));

    internal static bool IsNullOrBlank(ref Utf8JsonReader reader) =>
        reader.TokenType == JsonTokenType.Null
        || (reader.TokenType is JsonTokenType.String or JsonTokenType.PropertyName && string.IsNullOrWhiteSpace(reader.GetString()));

    private static bool IsUnsigned => s_typeCode is TypeCode.Byte or TypeCode.UInt16 or TypeCode.UInt32 or TypeCode.UInt64;

    private static string? MemberName(FieldInfo field) =>
#if NET9_0_OR_GREATER
        field.GetCustomAttribute<JsonStringEnumMemberNameAttribute>()?.Name;
#else
        RefitMemberNames.Of(field);
#endif

    private static string CamelCase(string name) =>
        name.Length == 0 || !char.IsUpper(name[0])
            ? name
            : string.Create(name.Length, name, static (span, source) =>
            {
                source.AsSpan().CopyTo(span);
                span[0] = char.ToLowerInvariant(source[0]);
            });

    private TEnum ReadName(ref Utf8JsonReader reader, bool allowNumber)
    {
        var text = reader.GetString();
        if (string.IsNullOrWhiteSpace(text))
        {
            throw ReadErrors.Reason($"An empty string is not a value of enum {TypeNames.Of(typeof(TEnum))}.");
        }

        if (_byName.TryGetValue(text, out var value) || _byNameIgnoreCase.TryGetValue(text, out value))
        {
            return value;
        }

        if (allowNumber && TryParseNumber(text, out value))
        {
            return value;
        }

        // The unknown name is not echoed: response bodies can carry secrets that end up in logs.
        throw ReadErrors.Reason($"The string is not a name of enum {TypeNames.Of(typeof(TEnum))}.");
    }

    private static TEnum ReadNumber(ref Utf8JsonReader reader)
    {
        if (IsUnsigned)
        {
            if (reader.TryGetUInt64(out var unsigned) && FitsUnsigned(unsigned))
            {
                return FromUInt64(unsigned);
            }
        }
        else if (reader.TryGetInt64(out var signed) && FitsSigned(signed))
        {
            return FromInt64(signed);
        }

        throw ReadErrors.Reason($"The number is not an integer in the range of enum {TypeNames.Of(typeof(TEnum))}.");
    }

    private static bool TryParseNumber(string text, out TEnum value)
    {
        value = default;
        if (IsUnsigned)
        {
            if (ulong.TryParse(text, NumberStyles.None, CultureInfo.InvariantCulture, out var unsigned) && FitsUnsigned(unsigned))
            {
                value = FromUInt64(unsigned);
                return true;
            }

            return false;
        }

        if (long.TryParse(text, NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture, out var signed) && FitsSigned(signed))
        {
            value = FromInt64(signed);
            return true;
        }

        return false;
    }

    private static bool FitsSigned(long value) => s_typeCode switch
    {
        TypeCode.SByte => value is >= sbyte.MinValue and <= sbyte.MaxValue,
        TypeCode.Int16 => value is >= short.MinValue and <= short.MaxValue,
        TypeCode.Int32 => value is >= int.MinValue and <= int.MaxValue,
        _ => true,
    };

    private static bool FitsUnsigned(ulong value) => s_typeCode switch
    {
        TypeCode.Byte => value <= byte.MaxValue,
        TypeCode.UInt16 => value <= ushort.MaxValue,
        TypeCode.UInt32 => value <= uint.MaxValue,
        _ => true,
    };

    private static string FormatNumber(TEnum value) =>
        IsUnsigned
            ? ToUInt64(value).ToString(CultureInfo.InvariantCulture)
            : ToInt64(value).ToString(CultureInfo.InvariantCulture);

    private static long ToInt64(TEnum value) => s_typeCode switch
    {
        TypeCode.SByte => Unsafe.As<TEnum, sbyte>(ref value),
        TypeCode.Int16 => Unsafe.As<TEnum, short>(ref value),
        TypeCode.Int32 => Unsafe.As<TEnum, int>(ref value),
        _ => Unsafe.As<TEnum, long>(ref value),
    };

    private static ulong ToUInt64(TEnum value) => s_typeCode switch
    {
        TypeCode.Byte => Unsafe.As<TEnum, byte>(ref value),
        TypeCode.UInt16 => Unsafe.As<TEnum, ushort>(ref value),
        TypeCode.UInt32 => Unsafe.As<TEnum, uint>(ref value),
        _ => Unsafe.As<TEnum, ulong>(ref value),
    };

    private static TEnum FromInt64(long value) => s_typeCode switch
    {
        TypeCode.SByte => Cast((sbyte)value),
        TypeCode.Int16 => Cast((short)value),
        TypeCode.Int32 => Cast((int)value),
        _ => Cast(value),
    };

    private static TEnum FromUInt64(ulong value) => s_typeCode switch
    {
        TypeCode.Byte => Cast((byte)value),
        TypeCode.UInt16 => Cast((ushort)value),
        TypeCode.UInt32 => Cast((uint)value),
        _ => Cast(value),
    };

    private static TEnum Cast<TNumber>(TNumber value)
        where TNumber : struct => Unsafe.As<TNumber, TEnum>(ref value);
}
