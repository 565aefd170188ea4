using System.Reflection;
using System.Text;
using RefitStj.Tests.Support;

namespace RefitStj.Tests;

/// <summary>
/// The public surface, read from the library by reflection, must equal src/RefitStj/PublicAPI.txt, so a change to it is
/// always deliberate. After an intended change, regenerate the file: set REFITSTJ_UPDATE_PUBLIC_API=1 and run this test.
/// </summary>
public sealed class PublicApiTests
{
    private const BindingFlags Declared = BindingFlags.Public | BindingFlags.Instance | BindingFlags.Static | BindingFlags.DeclaredOnly;

    [Fact]
    public void Public_Api_Matches_The_Checked_In_File()
    {
        var path = Path.Combine(Repository.Root, "src", "RefitStj", "PublicAPI.txt");
        var actual = Describe(typeof(StjContentSerializer).Assembly);
        if (Environment.GetEnvironmentVariable("REFITSTJ_UPDATE_PUBLIC_API") == "1")
        {
            File.WriteAllText(path, actual);
        }

        var expected = File.Exists(path) ? File.ReadAllText(path).ReplaceLineEndings("\n") : "";
        var added = actual.Split('\n').Except(expected.Split('\n')).ToList();
        var removed = expected.Split('\n').Except(actual.Split('\n')).ToList();

        Assert.True(added.Count == 0 && removed.Count == 0,
            $"The public API changed.\nAdded:\n  {string.Join("\n  ", added)}\nRemoved:\n  {string.Join("\n  ", removed)}\n" +
            "If intended, set REFITSTJ_UPDATE_PUBLIC_API=1 and run this test to update PublicAPI.txt.");
    }

    [Fact]
    public void Every_Public_Class_Is_Sealed_Or_Static()
    {
        var open = typeof(StjContentSerializer).Assembly.GetExportedTypes()
            .Where(t => t.IsClass && !t.IsSealed && !t.IsAbstract)
            .Select(t => t.FullName)
            .ToList();

        Assert.Empty(open);
    }

    internal static string Describe(Assembly assembly)
    {
        var lines = new List<string>();
        foreach (var type in assembly.GetExportedTypes().OrderBy(t => t.FullName, StringComparer.Ordinal))
        {
            var bases = new[] { type.BaseType }.Where(b => b is not null && b != typeof(object) && b != typeof(ValueType) && b != typeof(Enum))
                .Concat(type.GetInterfaces().OrderBy(i => i.FullName, StringComparer.Ordinal))
                .Select(Name);
            var kind = type.IsEnum ? "enum" : type.IsInterface ? "interface" : type.IsValueType ? "struct" : (type.IsSealed ? "sealed " : "") + "class";
            lines.Add($"{kind} {Name(type)}{(bases.Any() ? " : " + string.Join(", ", bases) : "")}");
            var members = type.GetMembers(Declared)
                .Where(m => m is not MethodInfo { IsSpecialName: true })
                .Select(m => "  " + Member(m))
                .Order(StringComparer.Ordinal);
            lines.AddRange(members);
        }

        return string.Join("\n", lines) + "\n";
    }

    private static string Member(MemberInfo member) => member switch
    {
        ConstructorInfo c => $"ctor({Parameters(c)}){Attributes(c)}",
        MethodInfo m => $"{(m.IsStatic ? "static " : "")}{Name(m.ReturnType)} {m.Name}{Generic(m)}({Parameters(m)}){Attributes(m)}",
        PropertyInfo p => $"{Name(p.PropertyType)} {p.Name} {{ {(p.GetMethod?.IsPublic == true ? "get; " : "")}{(p.SetMethod?.IsPublic == true ? (p.SetMethod.ReturnParameter.GetRequiredCustomModifiers().Any(t => t.Name == "IsExternalInit") ? "init; " : "set; ") : "")}}}",
        FieldInfo f => $"{(f.IsLiteral ? "const " : f.IsStatic ? "static " : "")}{Name(f.FieldType)} {f.Name}{(f.IsLiteral ? " = " + f.GetRawConstantValue() : "")}",
        _ => $"{member.MemberType} {member.Name}",
    };

    private static string Generic(MethodInfo method) =>
        method.IsGenericMethodDefinition ? "<" + string.Join(", ", method.GetGenericArguments().Select(a => a.Name)) + ">" : "";

    private static string Parameters(MethodBase method) =>
        string.Join(", ", method.GetParameters().Select(p => $"{Name(p.ParameterType)} {p.Name}{(p.HasDefaultValue ? " = default" : "")}"));

    // Trimming and AOT annotations are part of the contract: removing one silently changes what users are warned about.
    private static string Attributes(MemberInfo member)
    {
        var names = member.GetCustomAttributesData()
            .Select(a => a.AttributeType.Name)
            .Where(n => n is "RequiresUnreferencedCodeAttribute" or "RequiresDynamicCodeAttribute")
            .Order(StringComparer.Ordinal)
            .ToList();
        return names.Count == 0 ? "" : " [" + string.Join(", ", names) + "]";
    }

    private static string Name(Type? type)
    {
        if (type is null)
        {
            return "void";
        }

        if (type.IsGenericParameter)
        {
            return type.Name;
        }

        if (type.IsByRef)
        {
            return "ref " + Name(type.GetElementType());
        }

        if (type.IsArray)
        {
            return Name(type.GetElementType()) + "[]";
        }

        var name = new StringBuilder(type.IsNested ? Name(type.DeclaringType) + "." + type.Name : type.Namespace + "." + type.Name);
        if (type.IsGenericType)
        {
            name.Length = name.ToString().IndexOf('`', StringComparison.Ordinal) is var tick and >= 0 ? tick : name.Length;
            name.Append('<').Append(string.Join(", ", type.GetGenericArguments().Select(Name))).Append('>');
        }

        return name.ToString();
    }
}
