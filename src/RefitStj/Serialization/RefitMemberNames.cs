#if !NET9_0_OR_GREATER
using System.Reflection;
using System.Runtime.Versioning;
using Refit;

namespace RefitStj.Serialization;

/// <summary>
/// <c>[JsonStringEnumMemberName]</c> for the net8.0 build, which cannot name the attribute, so that .NET 9+ apps (which
/// get this build) write what Refit's net9.0+ build writes, and net8.0 apps what Refit's net8.0 build writes.
/// </summary>
internal static class RefitMemberNames
{
    private const string AttributeName = "System.Text.Json.Serialization.JsonStringEnumMemberNameAttribute";

    /// <summary>Gets a value indicating whether the Refit build this app loaded honours the attribute.</summary>
    internal static bool Honoured { get; } = HonouredBy(typeof(RefitSettings).Assembly);

    /// <summary>Refit's net9.0 and later builds honour the attribute; its net8.0 build never names it.</summary>
    /// <param name="refit">The Refit assembly.</param>
    /// <returns>Whether <paramref name="refit"/> writes <c>[JsonStringEnumMemberName]</c> names.</returns>
    internal static bool HonouredBy(Assembly refit)
    {
        // An assembly without the attribute is not one NuGet served: honour the name, as System.Text.Json itself does.
        var target = refit.GetCustomAttribute<TargetFrameworkAttribute>()?.FrameworkName;
        try
        {
            return target is null || new FrameworkName(target).Version.Major >= 9;
        }
        catch (ArgumentException)
        {
            // A name FrameworkName cannot parse is no reason to fail every enum: honour the attribute, as above.
            return true;
        }
    }

    /// <summary>Reads the attribute's name from metadata, which needs neither its type at compile time nor an instance.</summary>
    /// <param name="field">An enum field.</param>
    /// <returns>The name, or <see langword="null"/> when the field has none (always on the .NET 8 runtime).</returns>
    internal static string? Of(FieldInfo field)
    {
        foreach (var attribute in field.GetCustomAttributesData())
        {
            if (attribute.AttributeType.FullName == AttributeName
                && attribute.ConstructorArguments is [{ Value: string name }])
            {
                return name;
            }
        }

        return null;
    }
}
#endif
