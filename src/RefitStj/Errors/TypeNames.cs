using System.Text;

namespace RefitStj.Errors;

/// <summary>The one way RefitStj names a type in a message: as C# writes it (<c>List&lt;Repo&gt;</c>, <c>int?</c>, <c>Repo[]</c>), without namespace or declaring type.</summary>
internal static class TypeNames
{
    public static string Of(Type type) => Append(new StringBuilder(32), type).ToString();

    private static StringBuilder Append(StringBuilder name, Type type)
    {
        if (Keyword(type) is { } keyword)
        {
            return name.Append(keyword);
        }

        if (type.IsArray)
        {
            // C# writes the outermost rank first (int[,][] holds int[]), where reflection's names put it last.
            var element = type;
            while (element.IsArray)
            {
                element = element.GetElementType()!;
            }

            Append(name, element);
            for (var array = type; array.IsArray; array = array.GetElementType()!)
            {
                name.Append('[').Append(',', array.GetArrayRank() - 1).Append(']');
            }

            return name;
        }

        if (Nullable.GetUnderlyingType(type) is { } underlying)
        {
            return Append(name, underlying).Append('?');
        }

        // A type that is not generic has no backtick and is named in full; a nested type's backtick counts only its own
        // arguments, which come after its declaring type's.
        var tick = type.Name.IndexOf('`', StringComparison.Ordinal);
        name.Append(type.Name, 0, tick >= 0 ? tick : type.Name.Length);
        if (tick < 0)
        {
            return name;
        }

        var arguments = type.GetGenericArguments();
        var own = int.Parse(type.Name.AsSpan(tick + 1), System.Globalization.CultureInfo.InvariantCulture);
        name.Append('<');
        for (var i = arguments.Length - own; i < arguments.Length; i++)
        {
            Append(i == arguments.Length - own ? name : name.Append(", "), arguments[i]);
        }

        return name.Append('>');
    }

    private static string? Keyword(Type type) => Type.GetTypeCode(type) switch
    {
        _ when type.IsEnum => null,
        TypeCode.Boolean => "bool",
        TypeCode.Byte => "byte",
        TypeCode.SByte => "sbyte",
        TypeCode.Char => "char",
        TypeCode.Int16 => "short",
        TypeCode.UInt16 => "ushort",
        TypeCode.Int32 => "int",
        TypeCode.UInt32 => "uint",
        TypeCode.Int64 => "long",
        TypeCode.UInt64 => "ulong",
        TypeCode.Single => "float",
        TypeCode.Double => "double",
        TypeCode.Decimal => "decimal",
        TypeCode.String => "string",
        _ => type == typeof(object) ? "object" : null,
    };
}
